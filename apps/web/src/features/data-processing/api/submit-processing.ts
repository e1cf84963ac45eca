// POST /anatools/v2/dataProcessing: runs a method on a file; the answer names the new file and the
// report. The file list and the process tasks change, so both are refreshed.
import { ProcessingPaths, type ProcessingResultData, type ProcessingSubmitBody } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const submitProcessing = (body: ProcessingSubmitBody) => request<ProcessingResultData>(ProcessingPaths.submit, { method: 'POST', body });

export function useSubmitProcessing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitProcessing,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['files', 'list'] }), qc.invalidateQueries({ queryKey: ['tasks'] })]),
  });
}
