// SQL for orders. Status changes are conditional updates on the status they leave, so of two
// concurrent changes (a notification and a poll, or payment and expiry) exactly one happens.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderStatus = OrdersTable['status'];

export class OrdersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<OrdersTable>): Promise<void> {
    await this.db.insertInto('orders').values(row).execute();
  }

  byId(orderId: string, db: Kysely<Database> = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  }

  async setCodeUrl(orderId: string, codeUrl: string): Promise<void> {
    await this.db.updateTable('orders').set({ code_url: codeUrl }).where('order_id', '=', orderId).execute();
  }

  /** `from` (created, or created/expired) → paid; false when the order was in none of them (already paid…). */
  async markPaid(db: Kysely<Database>, orderId: string, paidAt: number, txn: string | null, from: readonly OrderStatus[]): Promise<boolean> {
    const r = await db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: paidAt, provider_txn: txn })
      .where('order_id', '=', orderId)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** created → expired | closed; false when it had already left `created`. */
  async end(orderId: string, to: 'expired' | 'closed'): Promise<boolean> {
    const r = await this.db.updateTable('orders').set({ status: to }).where('order_id', '=', orderId).where('status', '=', 'created').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A user's orders, newest first. */
  page(userId: number, page: number, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('order_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  async count(userId: number, status?: OrderStatus): Promise<number> {
    let q = this.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId);
    if (status) q = q.where('status', '=', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }
}
