import { FilePaths, type VarsData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** Per-variable summary of a file: readable `str` and structured `vars`. */
export const fileVarsQuery = (fid: string) =>
  queryOptions({ queryKey: ['files', 'vars', fid], queryFn: () => request<VarsData>(FilePaths.vars, { query: { _fid: fid } }) });
export const useFileVars = (fid: string | null) => useQuery({ ...fileVarsQuery(fid ?? ''), enabled: !!fid });
