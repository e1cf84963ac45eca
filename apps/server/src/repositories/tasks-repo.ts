// SQL for analysis tasks and their reports.
import type { Insertable, Kysely, Selectable } from 'kysely';
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

  byId(taskid: string) {
    return this.db.selectFrom('tasks').selectAll().where('taskid', '=', taskid).executeTakeFirst();
  }

  /**
   * Tasks whose owner stopped renewing their lease can never finish: they end as failures. Tasks of
   * live instances are left alone; a task without a lease (from before leases existed) counts as expired.
   */
  async failExpired(message: string, at: number): Promise<number> {
    const r = await this.db
      .updateTable('tasks')
      .set({ status: '失败', message, ended_at: at })
      .where('status', '=', '分析中')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Renews the leases of an instance's live tasks; answers which of them are still live. */
  async renewLeases(owner: string, until: number): Promise<Set<string>> {
    await this.db.updateTable('tasks').set({ lease_until: until }).where('owner', '=', owner).where('status', '=', '分析中').execute();
    const rows = await this.db.selectFrom('tasks').select('taskid').where('owner', '=', owner).where('status', '=', '分析中').execute();
    return new Set(rows.map((r) => r.taskid));
  }

  /** Fails an instance's own live tasks at once (it is closing); answers how many. */
  async failOwned(owner: string, message: string, at: number): Promise<number> {
    const r = await this.db
      .updateTable('tasks')
      .set({ status: '失败', message, ended_at: at, lease_until: null })
      .where('owner', '=', owner)
      .where('status', '=', '分析中')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async markStarted(taskid: string, owner: string, at: number): Promise<void> {
    await this.db.updateTable('tasks').set({ started_at: at }).where('taskid', '=', taskid).where('owner', '=', owner).where('status', '=', '分析中').execute();
  }

  /**
   * Ends a live task of this owner 失败 with its message. Answers false when the task is no longer
   * this owner's to end: deleted meanwhile, or failed by another instance that took its lease for expired.
   */
  async failLive(taskid: string, owner: string, message: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('tasks')
      .set({ status: '失败', message, ended_at: at, lease_until: null })
      .where('taskid', '=', taskid)
      .where('owner', '=', owner)
      .where('status', '=', '分析中')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Ends a live task 成功 with its report, in one transaction: the report row exists only if the task
   * was still this owner's to end. Answers false when it was not (the caller discards the output).
   */
  completeWithReport(taskid: string, owner: string, report: Insertable<ReportsTable>, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('tasks')
        .set({ status: '成功', message: '', report_id: report.reportid, ended_at: at, lease_until: null })
        .where('taskid', '=', taskid)
        .where('owner', '=', owner)
        .where('status', '=', '分析中')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await tx.insertInto('reports').values(report).execute();
      return true;
    });
  }

  /** A refused submission is not a task: its row goes, if it is still this owner's live task. */
  async discardLive(taskid: string, owner: string): Promise<void> {
    await this.db.deleteFrom('tasks').where('taskid', '=', taskid).where('owner', '=', owner).where('status', '=', '分析中').execute();
  }

  /** The user's task made by the submission the client named `ref`. */
  byRef(userId: number, ref: string) {
    return this.db
      .selectFrom('tasks')
      .select(['taskid', 'status', 'message', 'started_at'])
      .where('user_id', '=', userId)
      .where('client_ref', '=', ref)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  reportById(reportid: string) {
    return this.db.selectFrom('reports').selectAll().where('reportid', '=', reportid).executeTakeFirst();
  }

  /** A page of a user's tasks, newest first, with the tool's name. */
  async list(f: TaskFilter, offset: number, limit: number) {
    return this.filtered(f)
      .leftJoin('tools', 'tools.id', 'tasks.tool_id')
      .select(['tasks.taskid', 'tasks.tool_id', 'tasks.status', 'tasks.message', 'tasks.created_at', 'tasks.ended_at', 'tasks.started_at', 'tasks.report_id', 'tools.name as toolname'])
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

  /**
   * Removes a task with its reports and their share links, in one transaction; answers the report ids
   * removed. The task row goes first: a completion racing with it either ended the task before
   * (its report is found and removed here) or finds no task and discards its report itself.
   */
  deleteTask(taskid: string): Promise<string[]> {
    return this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('tasks').where('taskid', '=', taskid).execute();
      await tx.deleteFrom('ai_messages').where('taskid', '=', taskid).execute();
      const ids = (await tx.selectFrom('reports').select('reportid').where('taskid', '=', taskid).execute()).map((r) => r.reportid);
      if (ids.length) {
        await tx.deleteFrom('report_shares').where('reportid', 'in', ids).execute();
        await tx.deleteFrom('reports').where('reportid', 'in', ids).execute();
      }
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
