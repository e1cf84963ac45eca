// POST /v2/user/profile/update: the info tab's form (inputs trimmed here as well as on the server).
import { CommercePaths, type ProfileUpdateBody } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../api-client';

export const trimProfile = (b: ProfileUpdateBody): ProfileUpdateBody => ({
  username: b.username.trim(),
  profession: (b.profession ?? '').trim(),
  sex: b.sex ?? '',
  tags: b.tags ?? [],
  email: (b.email ?? '').trim(),
  research: (b.research ?? '').trim(),
  new_avatar: (b.new_avatar ?? '').trim(),
});

export const updateProfile = (b: ProfileUpdateBody) => request<unknown>(CommercePaths.profileUpdate, { method: 'POST', body: trimProfile(b) });
export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
