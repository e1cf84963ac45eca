// GET /ops/audit/export: the filtered log as CSV (saved as a file).
import { OpsPaths } from '@labstat/contracts';
import type { AuditFilters } from './audit';
import { downloadCsv } from './ops-request';

export const exportAudit = (filters: AuditFilters) => downloadCsv(OpsPaths.auditExport, { ...filters }, '操作日志.csv');
