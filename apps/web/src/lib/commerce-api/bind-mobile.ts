// POST /bindmobile: changes the phone number with an SMS code sent to the new number.
import { CommercePaths } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';

export const bindMobile = (b: { mobile: string; smscode: string }) =>
  request<unknown>(CommercePaths.bindMobile, { method: 'POST', body: { mobile: b.mobile.trim(), smscode: b.smscode.trim() } });

export function useBindMobile() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bindMobile, onSuccess: () => qc.invalidateQueries({ queryKey: ['profile'] }) });
}
