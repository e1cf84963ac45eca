// POST /qcloud/upload/wechat-screenshot: submits the uploaded free-plan screenshot for review.
import { CommercePaths, type UploadedData } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../api-client';

export const submitScreenshot = (filePath: string) =>
  request<z.infer<typeof UploadedData>>(CommercePaths.screenshot, { method: 'POST', body: { file_path: filePath } });

export function useSubmitScreenshot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitScreenshot, onSuccess: () => qc.invalidateQueries({ queryKey: ['commerce', 'vip-center'] }) });
}
