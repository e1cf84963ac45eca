import { FilePaths, type FileSummary } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, uploadForm } from '../api-client';
import { ui } from '../ui-bridge';
import { checkUpload } from './check-upload';


export async function uploadFile(file: File, onProgress?: (p: number) => void): Promise<FileSummary> {
  const problem = checkUpload(file);
  if (problem) {
    ui.message?.error({ content: problem, duration: 5 });
    throw new ApiError(400, problem);
  }
  const form = new FormData();
  form.append('file1', file, file.name);
  return (await uploadForm<FileSummary>(FilePaths.upload, form, onProgress)).data;
}

export function useUploadFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: number) => void }) => uploadFile(file, onProgress),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['files', 'list'] }),
  });
}
