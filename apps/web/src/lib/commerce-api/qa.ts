// GET /home/getQA: the FAQ under the plans.
import { CommercePaths, type QaData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../api-client';

export type QaList = z.infer<typeof QaData>['qa'];

export const fetchQa = async (): Promise<QaList> => (await request<z.infer<typeof QaData>>(CommercePaths.qa)).qa;
export const qaQuery = queryOptions({ queryKey: ['commerce', 'qa'], queryFn: fetchQa, staleTime: 5 * 60_000 });
export const useQa = () => useQuery(qaQuery);
