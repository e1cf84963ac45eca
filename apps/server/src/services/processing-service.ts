// Data processing (spec 01 §2 data-processing screen, §7 /anatools/v2/dataProcessing/*, issue 19):
// a method runs as DuckDB SQL over the chosen file's Parquet copy, its result becomes new data
// files of the user (the original never changes), and the work is a task in the task center whose
// report says what changed. A method refusing the form leaves no task behind, as tools do.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProcessingMessages, ProcessingSubmitBody, Report, ResultCode, TaskStatus, ToolPaths, type FormField, type ProcessingItem, type ProcessingResultData } from '@labstat/contracts';
import { processingById, processingFields, processingList, type ProcessingMethod } from '@labstat/processing';
import { ToolInputError, validateFields } from '@labstat/tools';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../errors.js';
import { FileProblem } from '../ingest/file-problem.js';
import { markdownHtml } from '../lib/html.js';
import { Semaphore } from '../lib/semaphore.js';
import type { TasksRepo } from '../repositories/tasks-repo.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { FileService } from './file-service.js';
import type { IngestSettings } from '../config.js';
import { discardMade, processingRunner, type ProcessingJobData, type ProcessingJobResult } from '../jobs/processing-job.js';
import type { QueueClient } from '../jobs/queue-jobs.js';
import type { ParquetReader } from '../ingest/parquet-reader.js';
import type { VideoService, VideoSignature } from './video-service.js';
import type { VideosRepo } from '../repositories/videos-repo.js';

type Submission = z.output<typeof ProcessingSubmitBody>;

const newId = () => crypto.randomBytes(12).toString('hex');
const PROCESSING_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.resolve('@labstat/processing'))), '..');

/** A method's manual, in its folder (src/<key>/manual.md, also when running from dist). */
const manualFile = (key: string) => path.join(PROCESSING_ROOT, 'src', key, 'manual.md');

export class ProcessingService {
  /** Jobs at once on this instance, one per user. */
  private readonly slots = new Semaphore(2, 1);

  /** The in-process runner; with REDIS_URL and a shared store, runs go to `npm run worker` processes. */
  private readonly runLocal: (data: ProcessingJobData) => Promise<ProcessingJobResult>;
  private queue: QueueClient | null = null;

  constructor(
    private readonly tasks: TasksRepo,
    private readonly files: FileService,
    reader: ParquetReader,
    private readonly store: ObjectStore,
    ingest: IngestSettings,
    private readonly videosRepo: VideosRepo,
    private readonly videos: VideoService,
    private readonly lease: { instance: string; leaseMs: number },
    private readonly engineVersion: string,
    private readonly now: () => number,
    private readonly log: () => FastifyBaseLogger | null,
  ) {
    this.runLocal = processingRunner(store, reader, ingest, (prefix) => files.scratchDir(prefix));
  }

  runOnWorkers(queue: QueueClient): void {
    this.queue = queue;
  }

  list(): ProcessingItem[] {
    return processingList();
  }

  private method(processId: number): ProcessingMethod {
    const m = processingById(processId);
    if (!m) throw notFound(ProcessingMessages.notFound);
    return m;
  }

  /** The form for a chosen file: its columns, and the user's other files for merge and append. */
  async fields(userId: number, processId: number, fid: string): Promise<FormField[]> {
    const m = this.method(processId);
    const file = await this.files.forAnalysis(userId, fid);
    const mine = m.definition.fileFields?.length ? (await this.files.list(userId)).filter((f) => f._fid !== fid) : [];
    return processingFields(m, file.variables, mine);
  }

  async manual(processId: number): Promise<string> {
    const d = this.method(processId).definition;
    return markdownHtml(await fs.promises.readFile(manualFile(d.key), 'utf8'));
  }

  /** Status 1 with a play signature when an operator attached a video to the method's id. */
  async video(processId: number): Promise<{ status: number; signature: VideoSignature | null }> {
    this.method(processId);
    const row = await this.videosRepo.ofTool(processId);
    return row?.video_file_id ? { status: 1, signature: this.videos.signature(row.video_file_id) } : { status: 0, signature: null };
  }

  /** `requestId`: the submitting request's id, carried into the job and its log lines. */
  async submit(userId: number, body: Submission, requestId?: string): Promise<ProcessingResultData> {
    const m = this.method(body.processId);
    const d = m.definition;
    const fid = typeof body.file === 'string' ? body.file : Object.values(body.file)[0];
    if (!fid) throw badRequest(ProcessingMessages.chooseFile);
    const file = await this.files.forAnalysis(userId, fid);
    if (file.rows === 0) throw badRequest('数据文件没有数据行');
    let params;
    try {
      params = validateFields(d.fields, body.form, file.variables);
    } catch (err) {
      if (err instanceof ToolInputError) throw badRequest(err.message);
      throw err;
    }

    // The other files the form names (merge, append), checked here where the database is.
    const others: ProcessingJobData['others'] = {};
    for (const f of d.fileFields ?? []) {
      const other = params[f];
      if (typeof other !== 'string' || other === '' || other === file.fid || Object.hasOwn(others, other)) continue;
      others[other] = await this.files.forAnalysis(userId, other).then(
        (o) => ({ fid: o.fid, filename: o.filename, rows: o.rows, variables: o.variables, parquetKey: o.parquetKey }),
        () => ({ problem: '所选的另一个数据文件不存在或已删除' }),
      );
    }
    const data: ProcessingJobData = {
      processId: d.id,
      params,
      user: userId,
      source: { fid: file.fid, filename: file.filename, rows: file.rows, variables: file.variables, parquetKey: file.parquetKey },
      others,
      ...(requestId ? { requestId } : {}),
    };

    return this.slots.run(async () => {
      const taskid = newId();
      const createdAt = this.now();
      await this.tasks.insert({
        taskid,
        user_id: userId,
        tool_id: d.id,
        kind: 'tool',
        status: TaskStatus.running,
        message: '',
        payload: JSON.stringify(body),
        params: JSON.stringify(params),
        file_fid: file.fid,
        report_id: null,
        created_at: createdAt,
        ended_at: null,
        owner: this.lease.instance,
        lease_until: createdAt + this.lease.leaseMs,
        started_at: createdAt,
        client_ref: null,
      });
      try {
        const answer = this.queue ? await this.queue.process(data, { id: taskid }) : await this.runLocal(data);
        if (!answer.ok) throw new ToolInputError(answer.problem);
        const made: Array<{ _fid: string; filename: string; rows: number; cols: number }> = [];
        for (const [i, o] of answer.outputs.entries()) {
          try {
            const s = await this.files.recordMade(userId, o);
            made.push({ _fid: s._fid, filename: s.filename, rows: s.rows, cols: s.cols });
          } catch (err) {
            // This one's objects are gone with its failed row; the ones after it never got a row.
            await discardMade(this.store, answer.outputs.slice(i + 1));
            throw err;
          }
        }
        const reportid = newId();
        const report: Report = Report.parse({
          title: `数据处理：${d.name}`,
          tool: { key: d.key, name: d.name, version: d.version },
          parameters: params,
          dataFingerprint: file.sha256,
          engineVersion: this.engineVersion,
          createdAt: this.now(),
          sections: [
            {
              title: '处理结果',
              blocks: [
                { type: 'table', title: '新生成的数据文件', columns: ['文件名', '行数', '列数'], rows: made.map((f) => [f.filename, f.rows, f.cols]), footnotes: [`原文件“${file.filename}”（${file.rows} 行）保持不变。`] },
                { type: 'table', title: '处理说明', columns: ['说明'], rows: answer.notes.map((n) => [n]), footnotes: [] },
                ...answer.tables.map((t) => ({ type: 'table' as const, title: t.title, columns: t.columns, rows: t.rows, footnotes: [] })),
              ],
            },
          ],
          results: { rowsBefore: file.rows, rowsAfter: made[0]!.rows, files: made.length },
        });
        const key = `reports/${reportid}/report.json`;
        await this.store.putBytes(key, Buffer.from(JSON.stringify(report)), 'application/json');
        const done = await this.tasks.completeWithReport(taskid, this.lease.instance, { reportid, taskid, user_id: userId, tool_id: d.id, report_key: key, created_at: this.now() }, this.now());
        if (!done) {
          await this.store.deletePrefix(`reports/${reportid}/`);
          throw new AppError(ResultCode.conflict, '处理期间任务已被删除');
        }
        return { taskid, subdata: made.map(({ _fid, filename }) => ({ _fid, filename })), _fid: made[0]!._fid, filename: made[0]!.filename, report: `${ToolPaths.reportPage}/${reportid}`, reportid };
      } catch (err) {
        // The form's answer (a bad choice for this data): no task stays behind.
        if (err instanceof ToolInputError || err instanceof FileProblem) {
          await this.tasks.discardLive(taskid, this.lease.instance);
          throw badRequest(err.message);
        }
        if (err instanceof AppError) {
          await this.tasks.failLive(taskid, this.lease.instance, err.message, this.now());
          throw err;
        }
        this.log()?.error({ taskid, processId: d.id, reqId: requestId, err }, 'data processing failed');
        await this.tasks.failLive(taskid, this.lease.instance, '数据处理出错，请稍后重试或联系客服', this.now());
        throw new AppError(ResultCode.serverError, '数据处理出错，请稍后重试或联系客服', 500);
      }
    }, `user:${userId}`);
  }
}
