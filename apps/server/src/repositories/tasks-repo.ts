// SQL for analysis tasks and their reports.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ReportSharesTable, ReportsTable, TasksTable } from '../db/schema.js';

export type TaskRow = Selectable<TasksTable>;
export type ReportRow = Selectable<ReportsTable>;
export type ShareRow = Selectable<ReportSharesTable>;

export interface TaskFilter {
  userId: number;
  kind: TasksTable['kind'];
  status?: TasksTable['status'];
}

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

  /** A page of a user's tasks, newest first, with the tool's name. */
  async list(f: TaskFilter, offset: number, limit: number) {
    return this.filtered(f)
      .leftJoin('tools', 'tools.id', 'tasks.tool_id')
      .select(['tasks.taskid', 'tasks.tool_id', 'tasks.status', 'tasks.message', 'tasks.created_at', 'tasks.ended_at', 'tools.name as toolname'])
      .orderBy('tasks.created_at', 'desc')
      .orderBy('tasks.taskid', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(f: TaskFilter): Promise<number> {
    const r = await this.filtered(f).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  private filtered(f: TaskFilter) {
    let q = this.db.selectFrom('tasks').where('tasks.user_id', '=', f.userId).where('tasks.kind', '=', f.kind);
    if (f.status) q = q.where('tasks.status', '=', f.status);
    return q;
  }

  /** Removes a task with its reports and their share links, in one transaction; answers the report ids removed. */
  deleteTask(taskid: string): Promise<string[]> {
    return this.db.transaction().execute(async (tx) => {
      const ids = (await tx.selectFrom('reports').select('reportid').where('taskid', '=', taskid).execute()).map((r) => r.reportid);
      if (ids.length) {
        await tx.deleteFrom('report_shares').where('reportid', 'in', ids).execute();
        await tx.deleteFrom('reports').where('reportid', 'in', ids).execute();
      }
      await tx.deleteFrom('tasks').where('taskid', '=', taskid).execute();
      return ids;
    });
  }

  async insertShare(row: Insertable<ReportSharesTable>): Promise<void> {
    await this.db.insertInto('report_shares').values(row).execute();
  }

  shareByToken(token: string) {
    return this.db.selectFrom('report_shares').selectAll().where('token', '=', token).executeTakeFirst();
  }

  activeShare(reportid: string) {
    return this.db
      .selectFrom('report_shares')
      .selectAll()
      .where('reportid', '=', reportid)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async revokeShares(reportid: string, at: number): Promise<number> {
    const r = await this.db
      .updateTable('report_shares')
      .set({ revoked_at: at })
      .where('reportid', '=', reportid)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
