import { AccountPaths, type LoginBody, type TokenData } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const login = (body: LoginBody) => request<TokenData>(AccountPaths.login, { method: 'POST', body });
export const useLogin = () => useMutation({ mutationFn: login });
