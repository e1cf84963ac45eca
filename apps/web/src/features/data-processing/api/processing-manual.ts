// GET /anatools/v2/dataProcessing/manual?processId: the method's manual as HTML (操作手册 dialog).
import { ProcessingPaths } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const fetchProcessingManual = (processId: number) => request<{ manual: string }>(ProcessingPaths.manual, { query: { processId } });

export const processingManualQuery = (processId: number) =>
  queryOptions({ queryKey: ['processing', 'manual', processId], queryFn: () => fetchProcessingManual(processId), staleTime: Infinity });
export const useProcessingManual = (processId: number | null, enabled: boolean) =>
  useQuery({ ...processingManualQuery(processId ?? 0), enabled: enabled && processId !== null });
