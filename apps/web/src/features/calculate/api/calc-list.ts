// GET /anatools/v2/calc-tool/list: the tree of calculation tools (categories and clickable tools).
import { CalcPaths, type CalcListData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const fetchCalcList = () => request<CalcListData>(CalcPaths.list);

export const calcListQuery = queryOptions({ queryKey: ['calc', 'list'], queryFn: fetchCalcList, staleTime: 5 * 60_000 });
export const useCalcList = () => useQuery(calcListQuery);
