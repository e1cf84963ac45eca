// SQL for calculation results (migration 0012).
import type { Kysely } from 'kysely';
import type { CalcResultsTable, Database } from '../db/schema.js';

export class CalcRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: CalcResultsTable): Promise<void> {
    await this.db.insertInto('calc_results').values(row).execute();
  }

  byId(id: string) {
    return this.db.selectFrom('calc_results').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteOlderThan(at: number): Promise<number> {
    const r = await this.db.deleteFrom('calc_results').where('created_at', '<', at).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
