// The association list call (spec 02 §3, §7): hot tools, or recommended tools for the current tool
// and file; six cards a page, with the total for the pager.
import { ASSOCIATION_PAGE_SIZE, HelpPaths, type AssociationData } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

export interface AssociationSearch {
  type: 'hot' | 'link';
  page: number;
  toolId?: number;
  file?: string | null;
}

export const associationQuery = (q: AssociationSearch) =>
  queryOptions({
    queryKey: ['tools', 'association', q],
    queryFn: () =>
      request<AssociationData>(HelpPaths.association, {
        query: { limit: ASSOCIATION_PAGE_SIZE, page: q.page, type: q.type, ...(q.type === 'link' ? { toolId: q.toolId, file: q.file ?? undefined } : {}) },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useAssociation = (q: AssociationSearch, enabled: boolean) => useQuery({ ...associationQuery(q), enabled });
