import { FilePaths } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';

export const deleteFile = (fid: string) => request<null>(FilePaths.remove, { method: 'DELETE', query: { _fid: fid } });

export function useDeleteFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_d, fid) => {
      qc.removeQueries({ queryKey: ['files', 'detail', fid] });
      qc.removeQueries({ queryKey: ['files', 'vars', fid] });
      return qc.invalidateQueries({ queryKey: ['files', 'list'] });
    },
  });
}
