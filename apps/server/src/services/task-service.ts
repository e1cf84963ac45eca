// Submitting a tool: check the parameters against its definition and the file, create the task,
// run the job in the worker pool, store the Report and end the task 成功 or 失败 (DESIGN §6).
// Each task belongs to the instance that runs it and carries a lease that instance renews while it
// lives: only tasks whose lease ran out are failed as interrupted, and a task that is no longer its
// owner's to end (deleted, or failed by another instance) has its output discarded.
import crypto from 'node:crypto';
import os from 'node:os';
import {
  OpsMessages,
  Report,
  ResultCode,
  TaskStatus,
  ToolMessages,
  ToolPaths,
  SubmitBody,
  TaskCenterMessages,
  TaskListQuery,
  type FieldValue,
  type QueueState,
  type TaskListData,
  type SubmitResult,
  type FileSummary,
  type ReportSection,
} from '@labstat/contracts';
import { allFields, escapeMarkdown, rScript, toolById, ToolInputError, validateParams, type DerivedData, type Params } from '@labstat/tools';
import { processingById } from '@labstat/processing';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../errors.js';
import { FileProblem } from '../ingest/file-problem.js';
import { JobFailure, type JobPool } from '../jobs/job-pool.js';
import type { ToolJobInput } from '../jobs/tool-job.js';
import type { TaskRow, TasksRepo } from '../repositories/tasks-repo.js';
import type { ObjectStore } from '../storage/object-store.js';
import { formatBeijing } from '../lib/time.js';
import type { ParquetReader } from '../ingest/parquet-reader.js';
import { saveDerivedData } from './derived-data.js';
import type { AnalysisFile, FileService } from './file-service.js';
import { DATA_FILED, type ToolService } from './tool-service.js';

type Submission = z.output<typeof SubmitBody>;

export const TaskMessages = {
  restarted: '服务器重启，分析被中断，请重新提交',
  timeout: '分析超时：数据量过大或计算过于复杂，请减少变量或样本后重试',
  crashed: '分析过程异常终止（可能是内存不足），请减少数据量后重试',
  internal: '分析出错，我们已记录该问题，请稍后重试或联系客服',
} as const;

const newId = () => crypto.randomBytes(12).toString('hex');

/** This instance's name on its tasks: host, process and a random part (two apps in one process differ). */
const instanceId = () => `${os.hostname().slice(0, 30)}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`;

export class TaskService {
  /** Owner of the tasks this instance runs. */
  readonly instance = instanceId();
  /** Tasks this instance is running or queueing, with the switch that stops each. */
  private readonly live = new Map<string, AbortController>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly repo: TasksRepo,
    private readonly tools: ToolService,
    private readonly files: FileService,
    private readonly reader: ParquetReader,
    private readonly store: ObjectStore,
    private readonly pool: JobPool,
    private readonly engineVersion: string,
    private readonly now: () => number,
    private readonly log: () => FastifyBaseLogger | null,
  ) {}

  /**
   * On start-up: tasks whose owner stopped renewing their lease (a process that died) can never
   * finish. Tasks of instances still alive on the same database are left alone.
   */
  failInterrupted(): Promise<number> {
    return this.repo.failExpired(TaskMessages.restarted, this.now());
  }

  /** Renews this instance's leases every third of a lease; also sweeps tasks orphaned since start-up. */
  startHeartbeat(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => {
      this.heartbeat().catch((err: unknown) => this.log()?.error({ err }, 'task heartbeat failed'));
    }, Math.max(1000, Math.floor(this.pool.leaseMs / 3)));
    this.heartbeatTimer.unref();
  }

  /**
   * One beat: renew the leases of this instance's live tasks, stop the local work of tasks that are
   * no longer ours (deleted, or failed by another instance), and fail other instances' expired ones.
   */
  async heartbeat(): Promise<void> {
    // Only tasks inserted before the query can be missing from its answer for a reason.
    const local = [...this.live.keys()];
    const mine = await this.repo.renewLeases(this.instance, this.now() + this.pool.leaseMs);
    for (const taskid of local) if (!mine.has(taskid)) this.live.get(taskid)?.abort();
    const failed = await this.repo.failExpired(TaskMessages.restarted, this.now());
    if (failed > 0) this.log()?.warn({ failed }, 'failed tasks whose instance stopped renewing their lease');
  }

  /** Closing: no more beats, and this instance's live tasks end now rather than at lease expiry. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    await this.repo.failOwned(this.instance, TaskMessages.restarted, this.now());
    for (const ctl of this.live.values()) ctl.abort();
  }

  /** `requestId`: the submitting request's id, carried into this task's log lines and its job. */
  async submit(userId: number, body: Submission & { fault?: ToolJobInput['fault'] }, requestId?: string): Promise<SubmitResult> {
    const log = () => {
      const l = this.log();
      return l && requestId ? l.child({ reqId: requestId }) : l;
    };
    const tool = toolById(body.toolId);
    if (tool && (await this.tools.disabled(body.toolId))) throw new AppError(ResultCode.forbidden, OpsMessages.toolDisabled);
    if (!tool || !(await this.tools.exists(body.toolId))) throw notFound(ToolMessages.notFound);
    const d = tool.definition;
    if (!(await this.tools.authorized(userId, d))) throw new AppError(ResultCode.forbidden, d.svip ? ToolMessages.needSvip : ToolMessages.needVip);

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
    const { fault, ref, ...payload } = body;
    await this.repo.insert({
      taskid,
      user_id: userId,
      tool_id: d.id,
      // Advanced tools' tasks are the task center's 高级工具任务 (/user/task/process).
      kind: d.family === 'advanced' ? 'process' : 'tool',
      status: TaskStatus.running,
      message: '',
      payload: JSON.stringify(payload),
      params: JSON.stringify(params),
      file_fid: file.fid,
      report_id: null,
      created_at: createdAt,
      ended_at: null,
      owner: this.instance,
      lease_until: createdAt + this.pool.leaseMs,
      started_at: null,
      client_ref: ref ?? null,
    });
    const cancel = new AbortController();
    this.live.set(taskid, cancel);
    // The answer when the task stopped being ours: closing, failed by another instance, or deleted.
    const gone = async () => {
      if (this.closing) return new AppError(ResultCode.serverError, TaskMessages.restarted, 503);
      const row = await this.repo.byId(taskid);
      if (row?.status === TaskStatus.failure) return new AppError(ResultCode.serverError, row.message || TaskMessages.restarted, 500);
      return new AppError(ResultCode.conflict, TaskCenterMessages.deletedWhileRunning);
    };
    // Only a task still ours and live is failed; one deleted meanwhile stays deleted.
    const fail = async (message: string, code: number, status: number) => {
      const ended = await this.repo.failLive(taskid, this.instance, message, this.now());
      return ended ? new AppError(code, message, status) : await gone();
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
      const result = await this.pool.run(
        { toolId: d.id, set: { rows: file.rows, variables: file.variables, columns }, params, fault, ...(requestId ? { requestId } : {}) },
        {
          user: userId,
          id: taskid,
          signal: cancel.signal,
          onStart: () => {
            this.repo.markStarted(taskid, this.instance, this.now()).catch((err: unknown) => log()?.error({ taskid, err }, 'could not mark a task started'));
          },
        },
      );
      if (!result.ok) {
        if (result.internal) {
          log()?.error({ taskid, toolId: d.id, err: result.message }, 'tool run failed');
          throw await fail(TaskMessages.internal, ResultCode.serverError, 500);
        }
        // The tool refused the form for this data (a wrong parameter): that is the form's answer,
        // not an analysis, so no task stays behind — the user fixes the form and submits again.
        await this.repo.discardLive(taskid, this.instance);
        throw badRequest(result.message);
      }
      const reportid = newId();
      const script = rScript(d.key, params, file);
      const derived = result.output.derivedData ? await this.saveDerived(userId, file, result.output.derivedData, taskid) : [];
      const sections = [...result.output.sections, ...derived, ...(script ? [{ title: '可复现R代码', blocks: [{ type: 'code' as const, language: 'r', code: script }] }] : [])];
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
      const row = { reportid, taskid, user_id: userId, tool_id: d.id, report_key: key, created_at: this.now() };
      if (!(await this.repo.completeWithReport(taskid, this.instance, row, this.now()))) {
        // Deleted (or failed by another instance) while it ran: its output is nobody's.
        await this.store.deletePrefix(`reports/${reportid}/`);
        log()?.info({ taskid, reportid }, 'discarded the output of a task that was no longer live');
        throw await gone();
      }
      return { report: `${ToolPaths.reportPage}/${reportid}`, taskid, subdata: [{ _fid: file.fid, filename: file.filename }], reportid };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The stored copy cannot be read as asked (an old file's ambiguous column): the user's answer
      // is to upload it again, so they get the reason, not a generic server error.
      if (err instanceof FileProblem) throw await fail(err.message, ResultCode.badRequest, 400);
      if (err instanceof JobFailure) {
        if (err.reason === 'cancelled') throw await gone();
        log()?.warn({ taskid, toolId: d.id, reason: err.reason, err: err.message }, 'analysis job failed');
        throw await fail(err.reason === 'timeout' ? TaskMessages.timeout : TaskMessages.crashed, ResultCode.serverError, 500);
      }
      log()?.error({ taskid, err }, 'task failed');
      throw await fail(TaskMessages.internal, ResultCode.serverError, 500);
    } finally {
      this.live.delete(taskid);
    }
  }

  /** A tool's new data file (matched or weighted data) saved as the user's file; the report says where it is. */
  private async saveDerived(userId: number, file: AnalysisFile, data: DerivedData, taskid: string): Promise<ReportSection[]> {
    let saved: FileSummary;
    try {
      saved = await saveDerivedData(this.reader, this.files, userId, file, data);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `新数据文件未能保存：${err.message}`, err.status);
      this.log()?.error({ taskid, err }, 'could not save the derived data file');
      throw new AppError(ResultCode.serverError, '新数据文件保存失败，请稍后重试', 500);
    }
    const text = `已保存为新的数据文件“${saved.filename}”（${saved.rows} 行 × ${saved.cols} 列）：包含原文件的全部变量及本分析新增的 ${data.columns.map((c) => `“${c.name}”`).join('、')}，可在“数据管理”中查看、下载，或直接选作下一个分析工具的数据。`;
    return [{ title: '新数据文件', blocks: [{ type: 'text', markdown: escapeMarkdown(text) }] }];
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
      toolid__toolname: r.toolname ?? toolById(r.tool_id)?.definition.name ?? processingById(r.tool_id)?.definition.name ?? `工具 ${r.tool_id}`,
      toolid__id: r.tool_id,
      taskid: r.taskid,
      create_time: formatBeijing(r.created_at),
      update_time: r.ended_at === null ? '' : formatBeijing(r.ended_at),
      status: r.status,
      message: r.message,
      ...(processingById(r.tool_id) && r.report_id ? { report: `${ToolPaths.reportPage}/${r.report_id}` } : {}),
      ...this.queueFields(r),
    }));
    return { task_list, count };
  }

  /** 排队中 is a 分析中 task not yet started; its place is known to the instance that holds it. */
  private queueFields(t: { taskid: string; status: string; started_at: number | null }) {
    const queued = t.status === TaskStatus.running && t.started_at === null;
    return { queued, queue_position: queued ? this.pool.position(t.taskid) : null };
  }

  /** GET /anatools/v2/queue: the task of the user's waiting submission `ref`, and its place. */
  async queueState(userId: number, ref: string): Promise<QueueState> {
    const t = await this.repo.byRef(userId, ref);
    return t ? { taskid: t.taskid, status: t.status, ...this.queueFields(t) } : null;
  }

  /**
   * DELETE /delete/task/tool|process: the task, its reports, their share links and their files.
   * Rows go first in one transaction, so the user never sees half a task; files follow. A task
   * still 分析中 is cancelled: it leaves the queue, or its worker stops (here, or on the owning
   * instance at its next heartbeat); whatever it still produces is discarded.
   */
  async delete(userId: number, kind: TaskRow['kind'], taskid: string): Promise<void> {
    const t = await this.ownTask(userId, taskid);
    if (t.kind !== kind) throw notFound(ToolMessages.taskNotFound);
    const reportids = await this.repo.deleteTask(taskid);
    this.live.get(taskid)?.abort();
    for (const reportid of reportids) {
      try {
        await this.store.deletePrefix(`reports/${reportid}/`);
      } catch (err) {
        // The rows are gone, so nobody can reach these files; log them for the operator to sweep.
        this.log()?.error({ taskid, reportid, err }, 'report files of a deleted task were not removed');
      }
    }
  }
}
