// GET /anatools/v2/dataProcessing/list: the processing methods (id, toolname, discription, params).
import { ProcessingPaths, type ProcessingItem } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const fetchProcessingList = () => request<ProcessingItem[]>(ProcessingPaths.list);

export const processingListQuery = queryOptions({ queryKey: ['processing', 'list'], queryFn: fetchProcessingList, staleTime: 5 * 60_000 });
export const useProcessingList = () => useQuery(processingListQuery);
