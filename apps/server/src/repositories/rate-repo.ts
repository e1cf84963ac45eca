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

  /** Records one event and returns its id (committed on return, so later counts see it). */
  async add(key: string, now: number): Promise<number> {
    const r = await this.db.insertInto('rate_events').values({ key, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('rate_events').where('id', 'in', [...ids]).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('key', '=', key).execute();
  }

  /** Deletes `key` and every key below it (`key:…`). */
  async clearTree(key: string): Promise<void> {
    // LIKE wildcards in the key would widen the match; callers build keys from digits and addresses.
    if (/[%_\\]/.test(key)) throw new Error(`rate key must not contain LIKE wildcards: ${key}`);
    await this.db
      .deleteFrom('rate_events')
      .where((eb) => eb.or([eb('key', '=', key), eb('key', 'like', `${key}:%`)]))
      .execute();
  }

  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('rate_events').where('created_at', '<', before).execute();
  }
}
