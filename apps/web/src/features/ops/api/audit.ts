// GET /ops/audit: the append-only log of operator actions, filtered; 20 a page, newest first.
import { OpsPaths, type OpsAuditEntry } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export interface AuditFilters {
  actor?: number;
  action?: string;
  target?: string;
  /** Beijing days "YYYY-MM-DD", inclusive. */
  from?: string;
  to?: string;
}

export const opsAuditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['ops', 'audit', filters, page],
    queryFn: () => fetchPage<OpsAuditEntry>(OpsPaths.audit, { ...filters, page }),
    placeholderData: keepPreviousData,
  });

export const useOpsAudit = (filters: AuditFilters, page: number) => useQuery(opsAuditQuery(filters, page));
