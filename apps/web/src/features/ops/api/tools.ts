// GET /ops/tools?q=&family=: the catalogue with each tool's switches and overrides; 20 a page.
import { OpsPaths, type OpsTool } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const opsToolsQuery = (q: string, family: string, page: number) =>
  queryOptions({
    queryKey: ['ops', 'tools', q, family, page],
    queryFn: () => fetchPage<OpsTool>(OpsPaths.tools, { q, family, page }),
    placeholderData: keepPreviousData,
  });

export const useOpsTools = (q: string, family: string, page: number) => useQuery(opsToolsQuery(q, family, page));
