// Data files: upload and ingest, the owner's list, preview pages, variable summaries, deletion and
// downloads. The service owns the rule that a user reaches only their own files and the examples.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  UPLOAD_EXTENSIONS,
  FileMessages,
  FilePaths,
  ResultCode,
  VariableTypeLabel,
  variableDetail,
  type DetailData,
  type FileSummary,
  type VariableInfo,
  type VarsData,
} from '@labstat/contracts';
import type { IngestSettings } from '../config.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { FileProblem } from '../ingest/convert.js';
import { ingestFile } from '../ingest/ingest.js';
import { ingestCost } from '../ingest/ingest-cost.js';
import type { ParquetReader } from '../ingest/parquet-reader.js';
import type { IngestResult } from '../ingest/ingest.js';
import type { MadeFile } from '../jobs/processing-job.js';
import { isQueueFailure, type QueueClient } from '../jobs/queue-jobs.js';
import { ScratchSpace, type SweepResult } from '../lib/scratch-space.js';
import { Semaphore } from '../lib/semaphore.js';
import type { DataFileRow, FilesRepo } from '../repositories/files-repo.js';
import { ObjectNotFound, type ObjectStore } from '../storage/object-store.js';

export interface UploadSource {
  filename: string;
  stream: Readable;
  /** True once the stream stopped early because the size limit was reached. */
  truncated(): boolean;
}

/** What is known of a file before its ingest: who owns it, its name, size and hash. */
interface FileMeta {
  ownerId: number | null;
  exampleKey: string | null;
  filename: string;
  size: number;
  sha256: string;
}

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

/** Longest file name kept, in characters (code points), extension included. */
export const MAX_FILENAME_CHARS = 100;

/**
 * A file name safe to show and to put at the end of a URL: no folder part, no control or
 * format characters (bidi overrides such as U+202E would show `abc\u202Egpj.exe` as
 * "abcexe.jpg"; zero-width characters hide text), no characters Windows forbids in names,
 * whitespace runs as one space, and at most MAX_FILENAME_CHARS characters with the extension kept.
 */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cf}\p{Cs}\p{Co}]/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}"<>|*?:]/gu, '')
    .trim();
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILENAME_CHARS) return cleaned || 'data.csv';
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && /^\.[\p{L}\p{N}]{1,10}$/u.test(cleaned.slice(dot)) ? cleaned.slice(dot) : '';
  const stem = chars.slice(0, MAX_FILENAME_CHARS - Array.from(ext).length).join('').trimEnd();
  return `${stem}${ext}`;
}

/** Upload lanes: a file this cheap to ingest never waits behind a big one. */
type Lane = 'small' | 'large';

export interface AnalysisFile {
  fid: string;
  filename: string;
  exampleKey: string | null;
  sha256: string;
  /** As ingest detected them in the original upload ('' for spreadsheets): the R script reads it so. */
  encoding: string;
  delimiter: string;
  rows: number;
  variables: VariableInfo[];
  /** The store key of the Parquet copy (for work on another machine sharing the store). */
  parquetKey: string;
  parquetPath(): Promise<string>;
}

export class FileService {
  /** Ingest slots: small files have their own, and in each lane one user holds at most `userConcurrency`. */
  private readonly lanes: Record<Lane, Semaphore>;
  /** Uploads in progress per user (receiving, waiting or ingesting) on this instance. */
  private readonly inFlight = new Map<number, number>();
  private readonly scratch: ScratchSpace;

  constructor(
    private readonly repo: FilesRepo,
    private readonly store: ObjectStore,
    private readonly reader: ParquetReader,
    private readonly settings: IngestSettings,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.lanes = {
      small: new Semaphore(settings.smallConcurrency, Math.min(settings.userConcurrency, settings.smallConcurrency)),
      large: new Semaphore(settings.concurrency, Math.min(settings.userConcurrency, settings.concurrency)),
    };
    this.scratch = new ScratchSpace(path.join(dataDir, 'tmp'));
  }

  /** With REDIS_URL and a shared (S3) store: uploads are ingested by `npm run worker` processes. */
  private queue: QueueClient | null = null;

  ingestOnWorkers(queue: QueueClient): void {
    this.queue = queue;
  }

  /** Removes temporary files of uploads a crashed instance left behind, and keeps ours marked as alive. */
  startScratch(log: Parameters<ScratchSpace['start']>[0]): SweepResult {
    return this.scratch.start(log);
  }

  close(): void {
    this.scratch.close();
  }

  /** Streams an upload to disk (hashing and counting as it goes), then ingests it. */
  async upload(ownerId: number, src: UploadSource): Promise<FileSummary> {
    const mine = this.inFlight.get(ownerId) ?? 0;
    if (mine >= this.settings.userPending) {
      src.stream.resume();
      throw new AppError(ResultCode.tooManyRequests, `您已有 ${mine} 个文件正在上传或读取，请等它们完成后再上传`, 429);
    }
    this.inFlight.set(ownerId, mine + 1);
    let work: string | null = null;
    try {
      work = await this.scratch.mkdtemp('up-');
      const original = path.join(work, 'original');
      const hash = crypto.createHash('sha256');
      let size = 0;
      src.stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      try {
        await pipeline(src.stream, fs.createWriteStream(original));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || src.truncated()) throw tooLarge();
        throw err;
      }
      if (src.truncated()) throw tooLarge();
      return await this.ingestAndStore(work, original, { ownerId, exampleKey: null, filename: cleanFilename(src.filename), size, sha256: hash.digest('hex') }, this.queue);
    } finally {
      const n = this.inFlight.get(ownerId)! - 1;
      if (n > 0) this.inFlight.set(ownerId, n);
      else this.inFlight.delete(ownerId);
      if (work) await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /**
   * A file the server made for the user (a data-processing result, a CSV on local disk) becomes one
   * of their data files through the same ingest as an upload.
   */
  async ingestLocal(ownerId: number, localFile: string, filename: string): Promise<FileSummary> {
    const work = await this.scratch.mkdtemp('made-');
    try {
      const original = path.join(work, 'original');
      const hash = crypto.createHash('sha256');
      let size = 0;
      const src = fs.createReadStream(localFile);
      src.on('data', (chunk) => {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      });
      await pipeline(src, fs.createWriteStream(original));
      return await this.ingestAndStore(work, original, { ownerId, exampleKey: null, filename: cleanFilename(filename), size, sha256: hash.digest('hex') });
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /**
   * A file a processing job already put in the store (original and Parquet copy) becomes one of the
   * user's data files; if its row cannot be written, its objects are removed.
   */
  recordMade(ownerId: number, made: MadeFile): Promise<FileSummary> {
    return this.record(made.fid, made.originalKey, made.parquetKey, made.result, { ownerId, exampleKey: null, filename: made.filename, size: made.size, sha256: made.sha256 });
  }

  /** A scratch directory for server-side work, removed by `done` (and by the sweep if we crash). */
  async scratchDir(prefix: string): Promise<{ dir: string; done(): Promise<void> }> {
    const dir = await this.scratch.mkdtemp(prefix);
    return { dir, done: () => fs.promises.rm(dir, { recursive: true, force: true }) };
  }

  /** Ingests a file shipped with the tools as a public example (idempotent by key and content). */
  async ensureExample(key: string, filename: string, localFile: string): Promise<void> {
    const bytes = await fs.promises.readFile(localFile);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const existing = await this.repo.findExample(key);
    if (existing && existing.sha256 === sha256 && existing.filename === filename) return;
    const work = await this.scratch.mkdtemp('ex-');
    try {
      const original = path.join(work, 'original');
      await fs.promises.writeFile(original, bytes);
      if (existing) await this.repo.retireExample(existing.id, this.now());
      await this.ingestAndStore(work, original, { ownerId: null, exampleKey: key, filename, size: bytes.length, sha256 });
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  private async ingestAndStore(
    work: string,
    original: string,
    meta: FileMeta,
    queue: QueueClient | null = null,
  ): Promise<FileSummary> {
    const small = (await ingestCost(original, meta.size, this.settings.smallBytes + 1)) <= this.settings.smallBytes;
    const fid = crypto.randomBytes(12).toString('base64url');
    const parquetKey = `files/${fid}/data.parquet`;
    const lane = meta.ownerId === null ? 'examples' : `user:${meta.ownerId}`;
    if (queue) return this.ingestRemotely(queue, fid, parquetKey, original, meta, small, lane);
    const result = await this.lanes[small ? 'small' : 'large'].run(async () => {
      try {
        return await ingestFile(original, meta.filename, work, this.settings);
      } catch (err) {
        if (err instanceof FileProblem) throw badRequest(err.message);
        throw err;
      }
    }, lane);
    const ext = result.kind === 'csv' ? '.csv' : `.${result.kind}`;
    const originalKey = `files/${fid}/original${ext}`;
    try {
      await this.store.putFile(originalKey, original, CONTENT_TYPES[result.kind]);
      await this.store.putFile(parquetKey, result.parquetPath, 'application/vnd.apache.parquet');
    } catch (err) {
      await this.discard(fid);
      throw err;
    }
    return this.record(fid, originalKey, parquetKey, result, meta);
  }

  /**
   * The original goes to the shared store first, a worker ingests it from there and writes the
   * Parquet copy beside it; a file it cannot read answers the same message as a local ingest, and
   * nothing of it stays in the store.
   */
  private async ingestRemotely(
    queue: QueueClient,
    fid: string,
    parquetKey: string,
    original: string,
    meta: FileMeta,
    small: boolean,
    lane: string,
  ): Promise<FileSummary> {
    // The declared extension is the kind's (ingest refuses any other), so the key can be chosen now.
    const ext = UPLOAD_EXTENSIONS.find((e) => meta.filename.toLowerCase().endsWith(e)) ?? '.bin';
    const originalKey = `files/${fid}/original${ext}`;
    let result: Omit<IngestResult, 'parquetPath'>;
    try {
      await this.store.putFile(originalKey, original, CONTENT_TYPES[ext.slice(1) as keyof typeof CONTENT_TYPES]);
      const answer = await this.lanes[small ? 'small' : 'large'].run(
        () => queue.ingest({ originalKey, parquetKey, filename: meta.filename, user: meta.ownerId ?? 0 }),
        lane,
      );
      if (!answer.ok) throw badRequest(answer.problem);
      result = answer.result;
    } catch (err) {
      await this.discard(fid);
      if (isQueueFailure(err)) throw new Error(`ingest on a worker failed: ${err.message}`);
      throw err;
    }
    return this.record(fid, originalKey, parquetKey, result, meta);
  }

  /** Removes whatever of file `fid` reached the store (a failed ingest or insert). */
  private discard(fid: string): Promise<void> {
    return this.store.deletePrefix(`files/${fid}`).catch(() => undefined);
  }

  /** The file's row, once its original and Parquet copy are in the store. */
  private async record(
    fid: string,
    originalKey: string,
    parquetKey: string,
    result: Omit<IngestResult, 'parquetPath'>,
    meta: FileMeta,
  ): Promise<FileSummary> {
    const row: Omit<DataFileRow, 'id'> = {
      fid,
      owner_id: meta.ownerId,
      example_key: meta.exampleKey,
      filename: meta.filename,
      kind: result.kind,
      size_bytes: meta.size,
      sha256: meta.sha256,
      encoding: result.encoding,
      delimiter: result.delimiter,
      row_count: result.rows,
      col_count: result.variables.length,
      variables: JSON.stringify(result.variables),
      notes: JSON.stringify(result.notes),
      original_key: originalKey,
      parquet_key: parquetKey,
      created_at: this.now(),
      deleted_at: null,
    };
    try {
      await this.repo.insert(row);
    } catch (err) {
      await this.discard(fid);
      throw err;
    }
    return summarize(row);
  }

  async list(ownerId: number): Promise<FileSummary[]> {
    return (await this.repo.listByOwner(ownerId)).map(summarize);
  }

  /** The file if this user may read it (their own, or an example); otherwise not found. */
  private async readable(userId: number | null, fid: string): Promise<DataFileRow> {
    const row = await this.repo.findActive(fid);
    if (!row || (row.owner_id !== null && row.owner_id !== userId)) throw notFound(FileMessages.notFound);
    return row;
  }

  async page(userId: number, fid: string, page: number, pageSize: number): Promise<DetailData> {
    const row = await this.readable(userId, fid);
    const vars = variablesOf(row);
    const from = (page - 1) * pageSize + 1;
    const total = Number(row.row_count);
    const header = vars.map((v) => v.name);
    if (from > total) return { rows: [header], total };
    const data = await this.reader.rows(await this.parquetPath(row), vars, from, Math.min(total, from + pageSize - 1));
    return { rows: [header, ...data], total };
  }

  async vars(userId: number, fid: string): Promise<VarsData> {
    const row = await this.readable(userId, fid);
    const vars = variablesOf(row);
    return { str: describeVariables(row, vars), vars };
  }

  async remove(userId: number, fid: string): Promise<void> {
    const row = await this.readable(userId, fid);
    if (row.owner_id === null) throw new AppError(ResultCode.forbidden, FileMessages.exampleReadOnly);
    await this.repo.markDeleted(row.id, this.now());
    await this.store.deletePrefix(`files/${row.fid}`);
  }

  /** The original bytes for a download; `userId` null means the public example route. */
  async original(userId: number | null, fid: string): Promise<{ stream: Readable; filename: string; size: number; contentType: string }> {
    const row = await this.readable(userId, fid);
    if (userId === null && row.owner_id !== null) throw notFound(FileMessages.notFound);
    try {
      return { stream: await this.store.get(row.original_key), filename: row.filename, size: Number(row.size_bytes), contentType: CONTENT_TYPES[row.kind] };
    } catch (err) {
      if (err instanceof ObjectNotFound) throw notFound(FileMessages.notFound);
      throw err;
    }
  }

  /** The example file shipped under `key`, if seeded. */
  async exampleByKey(key: string): Promise<{ fid: string; filename: string } | undefined> {
    const row = await this.repo.findExample(key);
    return row && row.deleted_at === null ? { fid: row.fid, filename: row.filename } : undefined;
  }

  /** What an analysis needs of a file this user may read: its columns and where the Parquet copy is. */
  async forAnalysis(userId: number | null, fid: string): Promise<AnalysisFile> {
    const row = await this.readable(userId, fid);
    return {
      fid: row.fid,
      filename: row.filename,
      exampleKey: row.example_key,
      sha256: row.sha256,
      encoding: row.encoding,
      delimiter: row.delimiter,
      rows: Number(row.row_count),
      variables: variablesOf(row),
      parquetKey: row.parquet_key,
      parquetPath: () => this.parquetPath(row),
    };
  }

  /** Whole columns for an analysis. */
  readColumns(parquetPath: string, vars: readonly VariableInfo[]) {
    return this.reader.columns(parquetPath, vars);
  }

  /** Name of a file the user may still read; null once deleted (tasks outlive their files). */
  async summaryIfReadable(userId: number, fid: string): Promise<{ fid: string; filename: string } | null> {
    const row = await this.repo.findActive(fid);
    return row && (row.owner_id === null || row.owner_id === userId) ? { fid: row.fid, filename: row.filename } : null;
  }

  async example(fid: string): Promise<{ downloadPath: string; filename: string }> {
    const row = await this.repo.findActive(fid);
    if (!row || row.owner_id !== null) throw notFound('示例文件不存在');
    return { downloadPath: downloadPathOf(row), filename: row.filename };
  }

  private async parquetPath(row: DataFileRow): Promise<string> {
    try {
      return await this.store.localPath(row.parquet_key);
    } catch (err) {
      if (err instanceof ObjectNotFound) throw notFound(FileMessages.notFound);
      throw err;
    }
  }
}

function tooLarge(): AppError {
  return new AppError(ResultCode.payloadTooLarge, FileMessages.tooLarge, 413);
}

function variablesOf(row: DataFileRow): VariableInfo[] {
  return JSON.parse(row.variables) as VariableInfo[];
}

export function downloadPathOf(row: Pick<DataFileRow, 'fid' | 'filename' | 'owner_id'>): string {
  const base = row.owner_id === null ? FilePaths.exampleDownload : FilePaths.download;
  return `${base}/${row.fid}/${encodeURIComponent(row.filename)}`;
}

function summarize(row: Omit<DataFileRow, 'id'>): FileSummary {
  return {
    _fid: row.fid,
    filename: row.filename,
    rows: Number(row.row_count),
    cols: row.col_count,
    size: Number(row.size_bytes),
    kind: row.kind,
    is_example: row.owner_id === null,
    created_at: Number(row.created_at),
    notes: JSON.parse(row.notes) as string[],
    downloadPath: downloadPathOf(row),
  };
}

/** The readable `str` of filevars: one line per variable, like R's str() in Chinese. */
export function describeVariables(row: Pick<DataFileRow, 'filename' | 'row_count'>, vars: readonly VariableInfo[]): string {
  const lines = [`“${row.filename}”：${Number(row.row_count)} 行 × ${vars.length} 列`];
  for (const v of vars) {
    lines.push(`${v.name}：${VariableTypeLabel[v.type]}，有效 ${v.valid}，缺失 ${v.missing}，不同值 ${v.distinct}；${variableDetail(v)}`);
  }
  return lines.join('\n');
}
