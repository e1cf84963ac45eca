// POST /v2/user/gift/use: activates a gift as the chosen type.
import { CommercePaths } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';

export const activateGift = (body: { gift_type_id: number; user_gift_id: number }) => request<unknown>(CommercePaths.giftUse, { method: 'POST', body });

export function useActivateGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: activateGift,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['commerce'] }), qc.invalidateQueries({ queryKey: ['profile'] })]),
  });
}
