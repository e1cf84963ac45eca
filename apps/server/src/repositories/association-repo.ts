// SQL for the association drawer: tools ranked by how often they produced a report.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface ToolUsage {
  id: number;
  uses: number;
}

export class AssociationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Active tools with their count of successful tasks, most used first, ties in catalogue order. */
  async usage(): Promise<ToolUsage[]> {
    const rows = await this.db
      .selectFrom('tools')
      .leftJoin('tasks', (j) => j.onRef('tasks.tool_id', '=', 'tools.id').on('tasks.status', '=', '成功'))
      .select(['tools.id as id', 'tools.sort as sort'])
      .select((eb) => eb.fn.count<number>('tasks.taskid').as('uses'))
      .where('tools.active', '=', 1)
      .groupBy(['tools.id', 'tools.sort'])
      .execute();
    return rows
      .map((r) => ({ id: Number(r.id), sort: Number(r.sort), uses: Number(r.uses) }))
      .sort((a, b) => b.uses - a.uses || a.sort - b.sort || a.id - b.id)
      .map(({ id, uses }) => ({ id, uses }));
  }

  /** Ids of the tools enabled now (read on every call: an operator's switch applies at once). */
  async activeIds(): Promise<Set<number>> {
    const rows = await this.db.selectFrom('tools').select('id').where('active', '=', 1).execute();
    return new Set(rows.map((r) => Number(r.id)));
  }
}
