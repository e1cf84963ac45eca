import { AccountPaths, type UserProfile } from '@labstat/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const useProfile = (enabled: boolean) =>
  useQuery({ queryKey: ['profile'], queryFn: () => request<UserProfile>(AccountPaths.profile), enabled });
