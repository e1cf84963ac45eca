// POST /ops/tools/video (multipart: id, file): attaches an MP4 or WebM as the tool's video.
import { OpsPaths } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '../../../lib/api-client';

export function useToolVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?(percent: number): void }) => {
      const form = new FormData();
      form.append('id', String(id));
      form.append('file', file);
      return uploadForm<null>(OpsPaths.toolVideo, form, onProgress);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ops', 'tools'] }),
  });
}
