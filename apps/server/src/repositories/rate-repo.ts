// SQL for rate-limit events: kept in the database so every server instance sees the same counts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class RateRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async count(key: string, since: number): Promise<number> {
    const r = await this.db
      .selectFrom('rate_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async add(key: string, now: number): Promise<void> {
    await this.db.insertInto('rate_events').values({ key, created_at: now }).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('key', '=', key).execute();
  }

  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('rate_events').where('created_at', '<', before).execute();
  }
}
