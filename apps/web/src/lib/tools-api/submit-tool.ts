// Submitting a tool (POST /anatools/v2) and re-opening a task's result.
import { ToolPaths, type SubmitBody, type SubmitResult } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';

export const submitTool = (body: SubmitBody) => request<SubmitResult>(ToolPaths.submit, { method: 'POST', body });

export function useSubmitTool() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitTool, onSettled: () => qc.invalidateQueries({ queryKey: ['tasks'] }) });
}
