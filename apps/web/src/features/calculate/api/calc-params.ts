// GET /anatools/v2/calc-tool/params?toolid: a tool's example table, manual address and form fields.
import { CalcPaths, type CalcParamsData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const fetchCalcParams = (toolid: number) => request<CalcParamsData>(CalcPaths.params, { query: { toolid } });

export const calcParamsQuery = (toolid: number) =>
  queryOptions({ queryKey: ['calc', 'params', toolid], queryFn: () => fetchCalcParams(toolid), staleTime: 5 * 60_000 });
export const useCalcParams = (toolid: number | null) => useQuery({ ...calcParamsQuery(toolid ?? 0), enabled: toolid !== null });
