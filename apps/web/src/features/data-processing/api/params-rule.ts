// GET /anatools/v2/dataProcessing/params-rule?processId&_fid: the method's fields with the chosen
// file's columns as options; asked once both a method and a file are chosen, again when either changes.
import { ProcessingPaths, type FormField } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const fetchParamsRule = (processId: number, fid: string) => request<FormField[]>(ProcessingPaths.paramsRule, { query: { processId, _fid: fid } });

export const paramsRuleQuery = (processId: number, fid: string) =>
  queryOptions({ queryKey: ['processing', 'params-rule', processId, fid], queryFn: () => fetchParamsRule(processId, fid) });
export const useParamsRule = (processId: number | null, fid: string | null) =>
  useQuery({ ...paramsRuleQuery(processId ?? 0, fid ?? ''), enabled: processId !== null && !!fid });
