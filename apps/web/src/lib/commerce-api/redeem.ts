// POST /v2/user/redeem: redeems a code; the membership, the card and the redemption list change.
import { CommercePaths } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';

export const redeemCode = (redeemCode: string) => request<unknown>(CommercePaths.redeem, { method: 'POST', body: { redeemCode: redeemCode.trim() } });

export function useRedeemCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['commerce'] }), qc.invalidateQueries({ queryKey: ['profile'] })]),
  });
}
