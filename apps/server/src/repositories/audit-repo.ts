// SQL for the operator audit log: insert and read only (the table's triggers refuse the rest).
import type { Kysely, Selectable } from 'kysely';
import type { Database, OpsAuditTable } from '../db/schema.js';

export type AuditRow = Selectable<OpsAuditTable> & { mobile: string | null; username: string | null };

export interface AuditFilter {
  actor?: number | undefined;
  action: string;
  target: string;
  from: number | null;
  to: number | null;
}

export interface NewAudit {
  actorId: number;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

export class AuditRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(a: NewAudit, now: number, db: Kysely<Database> = this.db): Promise<number> {
    const r = await db
      .insertInto('ops_audit')
      .values({ actor_id: a.actorId, action: a.action, target: a.target.slice(0, 200), before_json: json(a.before), after_json: json(a.after), reason: a.reason.slice(0, 300), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  private filtered(f: AuditFilter) {
    let q = this.db.selectFrom('ops_audit').leftJoin('users', 'users.id', 'ops_audit.actor_id');
    if (f.actor !== undefined) q = q.where('ops_audit.actor_id', '=', f.actor);
    if (f.action) q = q.where('ops_audit.action', '=', f.action);
    if (f.target) q = q.where('ops_audit.target', 'like', `%${f.target.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.from !== null) q = q.where('ops_audit.created_at', '>=', f.from);
    if (f.to !== null) q = q.where('ops_audit.created_at', '<', f.to);
    return q;
  }

  async list(f: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRow[]; count: number }> {
    const rows = await this.filtered(f)
      .selectAll('ops_audit')
      .select(['users.mobile as mobile', 'users.username as username'])
      .orderBy('ops_audit.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }
}
