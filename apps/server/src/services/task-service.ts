// Submitting a tool: check the parameters against its definition and the file, create the task,
// run the job in the worker pool, store the Report and end the task 成功 or 失败 (DESIGN §6).
import crypto from 'node:crypto';
import {
  Report,
  ResultCode,
  TaskStatus,
  ToolMessages,
  ToolPaths,
  SubmitBody,
  TaskCenterMessages,
  TaskListQuery,
  type FieldValue,
  type TaskListData,
  type SubmitResult,
} from '@labstat/contracts';
import { allFields, rScript, toolById, ToolInputError, validateParams, type Params } from '@labstat/tools';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../errors.js';
import { JobFailure, type JobPool } from '../jobs/job-pool.js';
import type { ToolJobInput } from '../jobs/tool-job.js';
import type { TaskRow, TasksRepo } from '../repositories/tasks-repo.js';
import type { ObjectStore } from '../storage/object-store.js';
import { formatBeijing } from '../lib/time.js';
import type { FileService } from './file-service.js';
import { DATA_FILED, type ToolService } from './tool-service.js';

type Submission = z.output<typeof SubmitBody>;

export const TaskMessages = {
  restarted: '服务器重启，分析被中断，请重新提交',
  timeout: '分析超时：数据量过大或计算过于复杂，请减少变量或样本后重试',
  crashed: '分析过程异常终止（可能是内存不足），请减少数据量后重试',
  internal: '分析出错，我们已记录该问题，请稍后重试或联系客服',
} as const;

const newId = () => crypto.randomBytes(12).toString('hex');

export class TaskService {
  constructor(
    private readonly repo: TasksRepo,
    private readonly tools: ToolService,
    private readonly files: FileService,
    private readonly store: ObjectStore,
    private readonly pool: JobPool,
    private readonly engineVersion: string,
    private readonly now: () => number,
    private readonly log: () => FastifyBaseLogger | null,
  ) {}

  /** On start-up: tasks a previous process left running can never finish. */
  failInterrupted(): Promise<number> {
    return this.repo.failRunning(TaskMessages.restarted, this.now());
  }

  async submit(userId: number, body: Submission & { fault?: ToolJobInput['fault'] }): Promise<SubmitResult> {
    const tool = toolById(body.toolId);
    if (!tool || !(await this.tools.exists(body.toolId))) throw notFound(ToolMessages.notFound);
    const d = tool.definition;
    if (!(await this.tools.authorized(userId, d))) throw new AppError(ResultCode.forbidden, ToolMessages.needVip);

    const fid = body.file[DATA_FILED] ?? Object.values(body.file)[0];
    if (!fid) throw badRequest(ToolMessages.chooseFile);
    const file = await this.files.forAnalysis(userId, fid);
    if (file.rows === 0) throw badRequest('数据文件没有数据行');

    const values: Record<string, FieldValue> = {};
    for (const step of body.form) Object.assign(values, step.data);
    let params: Params;
    try {
      params = validateParams(d, values, file.variables);
    } catch (err) {
      if (err instanceof ToolInputError) throw badRequest(err.message);
      throw err;
    }

    const taskid = newId();
    const createdAt = this.now();
    const { fault, ...payload } = body;
    await this.repo.insert({
      taskid,
      user_id: userId,
      tool_id: d.id,
      kind: 'tool',
      status: TaskStatus.running,
      message: '',
      payload: JSON.stringify(payload),
      params: JSON.stringify(params),
      file_fid: file.fid,
      report_id: null,
      created_at: createdAt,
      ended_at: null,
    });
    const fail = async (message: string, code: number, status: number) => {
      await this.repo.update(taskid, { status: TaskStatus.failure, message, ended_at: this.now() });
      return new AppError(code, message, status);
    };

    try {
      // Only the chosen columns are read, in the order of the file.
      const wanted = new Set<string>();
      for (const f of allFields(d)) {
        if (!f.columns) continue;
        const v = params[f.filed];
        for (const name of Array.isArray(v) ? v : [v]) if (typeof name === 'string' && name !== '') wanted.add(name);
      }
      const vars = file.variables.filter((v) => wanted.has(v.name));
      const columns = await this.files.readColumns(await file.parquetPath(), vars);
      const result = await this.pool.run({ toolId: d.id, set: { rows: file.rows, variables: file.variables, columns }, params, fault });
      if (!result.ok) {
        if (result.internal) {
          this.log()?.error({ taskid, toolId: d.id, err: result.message }, 'tool run failed');
          throw await fail(TaskMessages.internal, ResultCode.serverError, 500);
        }
        throw await fail(result.message, ResultCode.badRequest, 400);
      }
      const reportid = newId();
      const script = rScript(d.key, params, file);
      const sections = script ? [...result.output.sections, { title: '可复现R代码', blocks: [{ type: 'code' as const, language: 'r', code: script }] }] : result.output.sections;
      const report: Report = Report.parse({
        ...result.output,
        sections,
        tool: { key: d.key, name: d.name, version: d.version },
        parameters: params,
        dataFingerprint: file.sha256,
        engineVersion: this.engineVersion,
        createdAt: this.now(),
      });
      const key = `reports/${reportid}/report.json`;
      await this.store.putBytes(key, Buffer.from(JSON.stringify(report)), 'application/json');
      await this.repo.insertReport({ reportid, taskid, user_id: userId, tool_id: d.id, report_key: key, created_at: this.now() });
      await this.repo.update(taskid, { status: TaskStatus.success, report_id: reportid, ended_at: this.now() });
      return { report: `${ToolPaths.reportPage}/${reportid}`, taskid, subdata: [{ _fid: file.fid, filename: file.filename }], reportid };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof JobFailure) {
        this.log()?.warn({ taskid, toolId: d.id, reason: err.reason, err: err.message }, 'analysis job failed');
        throw await fail(err.reason === 'timeout' ? TaskMessages.timeout : TaskMessages.crashed, ResultCode.serverError, 500);
      }
      this.log()?.error({ taskid, err }, 'task failed');
      throw await fail(TaskMessages.internal, ResultCode.serverError, 500);
    }
  }

  private async ownTask(userId: number, taskid: string): Promise<TaskRow> {
    const t = await this.repo.byId(taskid);
    if (!t || t.user_id !== userId) throw notFound(ToolMessages.taskNotFound);
    return t;
  }

  /** GET /anatools/v2/report: a finished task's result again. */
  async result(userId: number, taskid: string): Promise<SubmitResult & { status: string; message: string }> {
    const t = await this.ownTask(userId, taskid);
    if (t.status === TaskStatus.running) throw new AppError(ResultCode.conflict, ToolMessages.taskNotDone);
    const file = await this.files.summaryIfReadable(userId, t.file_fid);
    return {
      report: t.report_id ? `${ToolPaths.reportPage}/${t.report_id}` : '',
      taskid: t.taskid,
      subdata: file ? [{ _fid: file.fid, filename: file.filename }] : [],
      reportid: t.report_id ?? '',
      status: t.status,
      message: t.message,
    };
  }

  /** GET /user/task/tool|process: a page of the user's tasks, newest first. */
  async list(userId: number, kind: TaskRow['kind'], q: z.output<typeof TaskListQuery>): Promise<TaskListData> {
    const filter = { userId, kind, status: q.status };
    const [rows, count] = await Promise.all([this.repo.list(filter, (q.page - 1) * q.limit, q.limit), this.repo.count(filter)]);
    const task_list = rows.map((r) => ({
      toolid__toolname: r.toolname ?? toolById(r.tool_id)?.definition.name ?? `工具 ${r.tool_id}`,
      toolid__id: r.tool_id,
      taskid: r.taskid,
      create_time: formatBeijing(r.created_at),
      update_time: r.ended_at === null ? '' : formatBeijing(r.ended_at),
      status: r.status,
      message: r.message,
    }));
    return { task_list, count };
  }

  /**
   * DELETE /delete/task/tool|process: the task, its reports, their share links and their files.
   * Rows go first in one transaction, so the user never sees half a task; files follow.
   */
  async delete(userId: number, kind: TaskRow['kind'], taskid: string): Promise<void> {
    const t = await this.ownTask(userId, taskid);
    if (t.kind !== kind) throw notFound(ToolMessages.taskNotFound);
    if (t.status === TaskStatus.running) throw new AppError(ResultCode.conflict, TaskCenterMessages.stillRunning);
    for (const reportid of await this.repo.deleteTask(taskid)) {
      try {
        await this.store.deletePrefix(`reports/${reportid}/`);
      } catch (err) {
        // The rows are gone, so nobody can reach these files; log them for the operator to sweep.
        this.log()?.error({ taskid, reportid, err }, 'report files of a deleted task were not removed');
      }
    }
  }
}
