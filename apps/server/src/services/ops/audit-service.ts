// The operator audit log (issue 24): every operator action is recorded once — who, what, on what,
// the state before and after, the reason, when — and can be listed and exported, never changed.
import type { OpsAction, OpsAuditEntry, OpsAuditQuery as AuditQuerySchema } from '@labstat/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { DAY_MS, formatBeijing } from '../../lib/time.js';
import type { AuditFilter, AuditRepo } from '../../repositories/audit-repo.js';

export interface Actor {
  userId: number;
}

export interface AuditRecord {
  action: OpsAction;
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

type OpsAuditQuery = Omit<z.output<typeof AuditQuerySchema>, 'page' | 'limit'>;

/** Most rows one CSV export carries. */
export const AUDIT_EXPORT_MAX = 50_000;

export class AuditService {
  constructor(
    private readonly repo: AuditRepo,
    private readonly now: () => number,
  ) {}

  /** Writes the row; pass the action's transaction to make the action and its record one. */
  async record(actor: Actor, r: AuditRecord, trx?: Kysely<Database>): Promise<void> {
    await this.repo.insert({ actorId: actor.userId, action: r.action, target: r.target, before: r.before, after: r.after, reason: r.reason ?? '' }, this.now(), trx);
  }

  async list(q: OpsAuditQuery & { page: number; limit: number }): Promise<{ list: OpsAuditEntry[]; count: number }> {
    const { rows, count } = await this.repo.list(filterOf(q), (q.page - 1) * q.limit, q.limit);
    return {
      list: rows.map((r) => ({
        id: r.id,
        actor: { id: r.actor_id, mobile: r.mobile ?? '', username: r.username ?? '' },
        action: r.action,
        target: r.target,
        before: r.before_json,
        after: r.after_json,
        reason: r.reason,
        create_time: formatBeijing(r.created_at),
      })),
      count,
    };
  }

  async csv(q: OpsAuditQuery): Promise<string> {
    const { list } = await this.list({ ...q, page: 1, limit: AUDIT_EXPORT_MAX });
    const lines = [['id', 'time', 'operator_id', 'operator_mobile', 'action', 'target', 'reason', 'before', 'after']];
    for (const e of list) lines.push([String(e.id), e.create_time, String(e.actor.id), e.actor.mobile, e.action, e.target, e.reason, e.before ?? '', e.after ?? '']);
    return toCsv(lines);
  }
}

function filterOf(q: OpsAuditQuery): AuditFilter {
  const day = (d: string | undefined) => (d ? Date.parse(`${d}T00:00:00+08:00`) : NaN);
  const from = day(q.from);
  const to = day(q.to);
  return {
    actor: q.actor,
    action: q.action ?? '',
    target: q.target ?? '',
    from: Number.isNaN(from) ? null : from,
    to: Number.isNaN(to) ? null : to + DAY_MS,
  };
}

/**
 * RFC 4180 CSV with a BOM (Excel opens it as UTF-8). Cells that a spreadsheet would run as a
 * formula (=, +, -, @ first) get a leading apostrophe: operators open these files.
 */
export function toCsv(rows: string[][]): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
