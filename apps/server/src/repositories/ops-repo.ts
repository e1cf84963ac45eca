// SQL the operator console alone needs: dashboard counts, searches over users and orders, code
// batches, screenshots, the catalogue with its overrides. Metadata only: nothing
// here reads a data file's contents or a report's body.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, OrdersTable, ProductsTable, ToolsTable } from '../db/schema.js';

/** Beijing calendar day number of an epoch-ms column: integer division on both dialects. */
const dayOf = (col: string) => sql<number>`(${sql.ref(col)} + 28800000) / 86400000`;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type OpsToolRow = Selectable<ToolsTable>;
export type OpsOrderRow = Selectable<OrdersTable> & { mobile: string; username: string };

export class OpsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- dashboard ----

  async newUsersByDay(since: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy(dayOf('created_at'))
      .execute();
    return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
  }

  /** Users who logged in (a session began) or submitted a task, per day. */
  async activeUsersByDay(since: number): Promise<Map<number, number>> {
    const tasks = await this.db
      .selectFrom('tasks')
      .select([dayOf('created_at').as('day'), 'user_id'])
      .where('created_at', '>=', since)
      .groupBy([dayOf('created_at'), 'user_id'])
      .execute();
    const sessions = await this.db
      .selectFrom('sessions')
      .select([dayOf('created_at').as('day'), 'user_id'])
      .where('created_at', '>=', since)
      .groupBy([dayOf('created_at'), 'user_id'])
      .execute();
    const seen = new Map<number, Set<number>>();
    for (const r of [...tasks, ...sessions]) {
      const d = Number(r.day);
      if (!seen.has(d)) seen.set(d, new Set());
      seen.get(d)!.add(Number(r.user_id));
    }
    return new Map([...seen].map(([d, s]) => [d, s.size]));
  }

  async tasksByDay(since: number): Promise<Map<number, { all: number; failed: number }>> {
    const rows = await this.db
      .selectFrom('tasks')
      .select([dayOf('created_at').as('day'), 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy([dayOf('created_at'), 'status'])
      .execute();
    const out = new Map<number, { all: number; failed: number }>();
    for (const r of rows) {
      const d = Number(r.day);
      const cur = out.get(d) ?? { all: 0, failed: 0 };
      cur.all += Number(r.n);
      if (r.status === '失败') cur.failed += Number(r.n);
      out.set(d, cur);
    }
    return out;
  }

  async revenueByDay(since: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('orders')
      .select([dayOf('paid_at').as('day'), (eb) => eb.fn.sum<number>('amount_fen').as('fen')])
      .where('status', '=', 'paid')
      .where('paid_at', '>=', since)
      .groupBy(dayOf('paid_at'))
      .execute();
    return new Map(rows.map((r) => [Number(r.day), Number(r.fen ?? 0)]));
  }

  async totalRevenueFen(): Promise<number> {
    const r = await this.db.selectFrom('orders').select((eb) => eb.fn.sum<number>('amount_fen').as('fen')).where('status', '=', 'paid').executeTakeFirst();
    return Number(r?.fen ?? 0);
  }

  async failures(since: number): Promise<Array<{ toolId: number; name: string; message: string; n: number }>> {
    const rows = await this.db
      .selectFrom('tasks')
      .leftJoin('tools', 'tools.id', 'tasks.tool_id')
      .select(['tasks.tool_id as toolId', 'tools.name as name', 'tasks.message as message', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tasks.status', '=', '失败')
      .where('tasks.created_at', '>=', since)
      .groupBy(['tasks.tool_id', 'tools.name', 'tasks.message'])
      .execute();
    return rows.map((r) => ({ toolId: Number(r.toolId), name: r.name ?? '', message: r.message, n: Number(r.n) }));
  }

  async queue(since: number): Promise<{ waiting: number; running: number; oldestWaiting: number | null; avgWaitMs: number }> {
    const w = await this.db
      .selectFrom('tasks')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min<number>('created_at').as('oldest')])
      .where('status', '=', '分析中')
      .where('started_at', 'is', null)
      .executeTakeFirstOrThrow();
    const r = await this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', '分析中')
      .where('started_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const a = await this.db
      .selectFrom('tasks')
      .select(sql<number>`AVG(started_at - created_at)`.as('avg'))
      .where('started_at', 'is not', null)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return { waiting: Number(w.n), running: Number(r.n), oldestWaiting: w.oldest === null ? null : Number(w.oldest), avgWaitMs: Number(a?.avg ?? 0) };
  }

  async storage(): Promise<{ files: number; bytes: number; reports: number; users: number }> {
    const f = await this.db
      .selectFrom('data_files')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('size_bytes').as('bytes')])
      .where('owner_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const rep = await this.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const u = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { files: Number(f.n), bytes: Number(f.bytes ?? 0), reports: Number(rep.n), users: Number(u.n) };
  }

  // ---- users ----

  private usersFiltered(q: string) {
    let query = this.db.selectFrom('users');
    if (q) query = query.where((eb) => eb.or([eb('mobile', 'like', like(q)), eb('username', 'like', like(q))]));
    return query;
  }

  async searchUsers(q: string, offset: number, limit: number) {
    const rows = await this.usersFiltered(q)
      .select([
        'id',
        'mobile',
        'username',
        'roles',
        'vip_expires_at',
        'vip_life',
        'svip_expires_at',
        'svip_life',
        'locked_at',
        'lock_reason',
        'created_at',
        (eb) =>
          eb
            .selectFrom('data_files')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('data_files.owner_id', '=', 'users.id')
            .where('data_files.deleted_at', 'is', null)
            .as('files'),
        (eb) => eb.selectFrom('tasks').select((e) => e.fn.countAll<number>().as('n')).whereRef('tasks.user_id', '=', 'users.id').as('tasks'),
      ])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.usersFiltered(q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  async setLock(userId: number, lockedAt: number | null, reason: string, now: number): Promise<void> {
    await this.db.updateTable('users').set({ locked_at: lockedAt, lock_reason: reason, updated_at: now }).where('id', '=', userId).execute();
  }

  async setRoles(userId: number, roles: string, now: number): Promise<void> {
    await this.db.updateTable('users').set({ roles, updated_at: now }).where('id', '=', userId).execute();
  }

  // ---- orders ----

  private ordersFiltered(q: string, status: string) {
    let query = this.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
    if (status !== 'all') query = query.where('orders.status', '=', status as OrdersTable['status']);
    if (q) {
      query = query.where((eb) =>
        eb.or([eb('orders.order_id', '=', q), eb('users.mobile', 'like', like(q)), eb('users.username', 'like', like(q))]),
      );
    }
    return query;
  }

  async searchOrders(q: string, status: string, offset: number, limit: number): Promise<{ rows: OpsOrderRow[]; count: number }> {
    const rows = await this.ordersFiltered(q, status)
      .selectAll('orders')
      .select(['users.mobile as mobile', 'users.username as username'])
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.order_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.ordersFiltered(q, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  // ---- redeem batches ----

  async batches(offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('redeem_batches')
      .selectAll()
      .select([
        (eb) => eb.selectFrom('redeem_codes').select((e) => e.fn.countAll<number>().as('n')).whereRef('redeem_codes.batch_id', '=', 'redeem_batches.id').where('redeem_codes.used_at', 'is not', null).as('used'),
        (eb) => eb.selectFrom('redeem_codes').select((e) => e.fn.countAll<number>().as('n')).whereRef('redeem_codes.batch_id', '=', 'redeem_batches.id').where('redeem_codes.voided_at', 'is not', null).as('voided'),
      ])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.db.selectFrom('redeem_batches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  /** The database the repository works on, for callers that open a transaction around several calls. */
  get kysely(): Kysely<Database> {
    return this.db;
  }

  batch(id: number) {
    return this.db.selectFrom('redeem_batches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  batchCodes(batchId: number) {
    return this.db.selectFrom('redeem_codes').selectAll().where('batch_id', '=', batchId).orderBy('code').execute();
  }

  /** Voids every unused, not yet voided code of a batch in one statement (a redemption racing it either wins or finds it void). */
  async voidBatch(batchId: number, now: number, db: Kysely<Database> = this.db): Promise<number> {
    const r = await db
      .updateTable('redeem_codes')
      .set({ voided_at: now })
      .where('batch_id', '=', batchId)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  // ---- free plan ----

  private freeFiltered(status: string) {
    let q = this.db.selectFrom('free_plan_submissions').innerJoin('users', 'users.id', 'free_plan_submissions.user_id');
    if (status !== 'all') q = q.where('free_plan_submissions.status', '=', status as 'pending');
    return q;
  }

  async freePlan(status: string, offset: number, limit: number) {
    const rows = await this.freeFiltered(status)
      .selectAll('free_plan_submissions')
      .select(['users.mobile as mobile', 'users.username as username'])
      .orderBy('free_plan_submissions.created_at', status === 'pending' ? 'asc' : 'desc')
      .orderBy('free_plan_submissions.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.freeFiltered(status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  // ---- catalogue ----

  private toolsFiltered(q: string, family: string) {
    let query = this.db.selectFrom('tools');
    if (family) query = query.where('family', '=', family);
    if (q) {
      const id = /^\d+$/.test(q) ? Number(q) : null;
      query = query.where((eb) => eb.or([eb('name', 'like', like(q)), eb('key', 'like', like(q)), ...(id !== null && Number.isSafeInteger(id) ? [eb('id', '=', id)] : [])]));
    }
    return query;
  }

  async tools(q: string, family: string, offset: number, limit: number): Promise<{ rows: OpsToolRow[]; count: number }> {
    const rows = await this.toolsFiltered(q, family).selectAll().orderBy(sql`CASE WHEN sort_override IS NULL THEN 1 ELSE 0 END`).orderBy(sql`COALESCE(sort_override, sort)`).orderBy('id').limit(limit).offset(offset).execute();
    const { n } = await this.toolsFiltered(q, family).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  tool(id: number, db: Kysely<Database> = this.db): Promise<OpsToolRow | undefined> {
    return db.selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateTool(
    id: number,
    patch: { active?: number; vip_override?: number | null; sort_override?: number | null; manual_override?: string | null },
    now: number,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db.updateTable('tools').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
  }

  // ---- products, and the rows an action's audit record describes ----

  products() {
    return this.db.selectFrom('products').selectAll().orderBy('sort').orderBy('vip_pid').execute();
  }

  product(vipPid: string) {
    return this.db.selectFrom('products').selectAll().where('vip_pid', '=', vipPid).executeTakeFirst();
  }

  async saveProduct(vipPid: string, row: Omit<Insertable<ProductsTable>, 'vip_pid'>, exists: boolean): Promise<void> {
    if (exists) await this.db.updateTable('products').set(row).where('vip_pid', '=', vipPid).execute();
    else await this.db.insertInto('products').values({ vip_pid: vipPid, ...row }).execute();
  }

  codeBatchId(code: string) {
    return this.db.selectFrom('redeem_codes').select(['batch_id']).where('code', '=', code).executeTakeFirst();
  }

  freePlanRow(id: number) {
    return this.db.selectFrom('free_plan_submissions').select(['user_id', 'status']).where('id', '=', id).executeTakeFirst();
  }

  orderSummary(orderId: string) {
    return this.db.selectFrom('orders').select(['status', 'user_id', 'amount_fen']).where('order_id', '=', orderId).executeTakeFirst();
  }
}
