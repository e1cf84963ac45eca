// A data-processing run (spec 01 §7 /anatools/v2/dataProcessing/submit) as one job: the method's
// DuckDB SQL over the source's Parquet copy, each output written as CSV, ingested like an upload and
// put in the store (original and Parquet copy) under a new file id. The API server keeps the database
// work — the checks before, the task, the new files' rows and the report after — so the same runner
// serves the in-process default and `npm run worker` processes on a shared (S3) store (issue 26).
// A method refusing the form, or a result that cannot be read back, is an answer (its Chinese reason),
// not a failure: running it again would not change it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { VariableInfo } from '@labstat/contracts';
import { executeProcessing, processingById, type OtherRelation, type ProcessingPlan } from '@labstat/processing';
import { ToolInputError, type Params } from '@labstat/tools';
import type { IngestSettings } from '../config.js';
import { FileProblem } from '../ingest/file-problem.js';
import { ingestFile, type IngestResult } from '../ingest/ingest.js';
import type { ParquetReader } from '../ingest/parquet-reader.js';
import type { ScratchDirs } from '../lib/scratch-space.js';
import { cleanFilename } from '../services/file-service.js';
import type { ObjectStore } from '../storage/object-store.js';

/** A data file as the job needs it: no database, only the store key of its Parquet copy. */
export interface ProcessingFileRef {
  fid: string;
  filename: string;
  rows: number;
  variables: VariableInfo[];
  parquetKey: string;
}

export interface ProcessingJobData {
  processId: number;
  /** Already checked against the method's fields by the API server. */
  params: Params;
  user: number;
  source: ProcessingFileRef;
  /**
   * The user's other files the form names (merge, append), looked up and access-checked by the API
   * server; a file it could not give is the Chinese reason, raised only if the method opens it.
   */
  others: Record<string, ProcessingFileRef | { problem: string }>;
  requestId?: string;
}

/** A new data file in the store, waiting for its row in the database. */
export interface MadeFile {
  fid: string;
  filename: string;
  originalKey: string;
  parquetKey: string;
  size: number;
  sha256: string;
  result: Omit<IngestResult, 'parquetPath'>;
}

export type ProcessingJobResult =
  | { ok: true; notes: string[]; tables: NonNullable<ProcessingPlan['tables']>; outputs: MadeFile[] }
  | { ok: false; problem: string };

/** "体检数据.xlsx" + "排序" → "体检数据_排序.csv". */
export function resultFilename(source: string, suffix: string): string {
  const stem = source.replace(/\.(csv|xlsx|xls)$/i, '');
  const part = suffix.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 40);
  return `${stem}_${part}.csv`;
}

/** Size and SHA-256 of a local file, read once. */
async function digest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  await pipeline(fs.createReadStream(file), async function* (chunks: AsyncIterable<Buffer>) {
    for await (const c of chunks) {
      hash.update(c);
      size += c.length;
    }
  });
  return { size, sha256: hash.digest('hex') };
}

/** The runner of processing jobs over `store`; results are named by the upload's file-name rule. */
export function processingRunner(
  store: ObjectStore,
  reader: ParquetReader,
  settings: IngestSettings,
  scratch: ScratchDirs,
): (data: ProcessingJobData) => Promise<ProcessingJobResult> {
  return async (data) => {
    const method = processingById(data.processId);
    if (!method) throw new Error(`unknown processing method ${data.processId}`);
    const { dir: work, done } = await scratch('proc-');
    const made: MadeFile[] = [];
    try {
      const { source } = data;
      const opened: OtherRelation[] = [];
      const result = await reader.withViews([{ view: 'src', parquetPath: await store.localPath(source.parquetKey), vars: source.variables }], async (con, addView) => {
        const openFile = async (other: string): Promise<OtherRelation> => {
          if (other === source.fid) throw new ToolInputError('请选择另一个数据文件');
          const f = Object.hasOwn(data.others, other) ? data.others[other]! : { problem: '所选的另一个数据文件不存在或已删除' };
          if ('problem' in f) throw new ToolInputError(f.problem);
          const relation = `other${opened.length + 1}`;
          await addView(relation, await store.localPath(f.parquetKey), f.variables);
          const rel = { relation, filename: f.filename, variables: f.variables };
          opened.push(rel);
          return rel;
        };
        return executeProcessing({
          con,
          method,
          params: data.params,
          variables: source.variables,
          filename: source.filename,
          rows: source.rows,
          openFile,
          outPath: (i) => path.join(work, `out-${i}.csv`),
        });
      });
      for (const [i, o] of result.outputs.entries()) {
        const { size, sha256 } = await digest(o.path);
        const filename = cleanFilename(resultFilename(source.filename, o.suffix));
        const dir = path.join(work, `in-${i}`);
        await fs.promises.mkdir(dir);
        const { parquetPath, ...ingested } = await ingestFile(o.path, filename, dir, settings);
        const fid = crypto.randomBytes(12).toString('base64url');
        const file: MadeFile = { fid, filename, originalKey: `files/${fid}/original.csv`, parquetKey: `files/${fid}/data.parquet`, size, sha256, result: ingested };
        made.push(file);
        await store.putFile(file.originalKey, o.path, 'text/csv');
        await store.putFile(file.parquetKey, parquetPath, 'application/vnd.apache.parquet');
      }
      return { ok: true, notes: result.plan.notes, tables: result.plan.tables ?? [], outputs: made };
    } catch (err) {
      await discardMade(store, made);
      if (err instanceof ToolInputError || err instanceof FileProblem) return { ok: false, problem: err.message };
      throw err;
    } finally {
      await done();
    }
  };
}

/** Removes what a run put in the store for files that never got their database row. */
export async function discardMade(store: ObjectStore, made: readonly Pick<MadeFile, 'fid'>[]): Promise<void> {
  await Promise.all(made.map((f) => store.deletePrefix(`files/${f.fid}/`).catch(() => undefined)));
}
