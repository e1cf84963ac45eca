// SQL for analysis tasks and their reports.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ReportsTable, TasksTable } from '../db/schema.js';

export type TaskRow = Selectable<TasksTable>;
export type ReportRow = Selectable<ReportsTable>;

export class TasksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<TasksTable>): Promise<void> {
    await this.db.insertInto('tasks').values(row).execute();
  }

  async update(taskid: string, patch: Updateable<TasksTable>): Promise<void> {
    await this.db.updateTable('tasks').set(patch).where('taskid', '=', taskid).execute();
  }

  byId(taskid: string) {
    return this.db.selectFrom('tasks').selectAll().where('taskid', '=', taskid).executeTakeFirst();
  }

  /** Tasks a previous process left running can never finish: they end as failures. */
  async failRunning(message: string, at: number): Promise<number> {
    const r = await this.db
      .updateTable('tasks')
      .set({ status: '失败', message, ended_at: at })
      .where('status', '=', '分析中')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async insertReport(row: Insertable<ReportsTable>): Promise<void> {
    await this.db.insertInto('reports').values(row).execute();
  }

  reportById(reportid: string) {
    return this.db.selectFrom('reports').selectAll().where('reportid', '=', reportid).executeTakeFirst();
  }
}
