import { AccountPaths, type SignupBody, type TokenData } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const signup = (body: SignupBody) => request<TokenData>(AccountPaths.signup, { method: 'POST', body });
export const useSignup = () => useMutation({ mutationFn: signup });
