// Ingest of one uploaded file, start to finish: decide what it is from its bytes, bring it to
// UTF-8 CSV (in a worker thread when that takes CPU), then let DuckDB type it and write Parquet.
import fs from 'node:fs';
import path from 'node:path';
import type { VariableInfo } from '@labstat/contracts';
import type { IngestSettings } from '../config.js';
import { runWorker, WorkerFailure } from '../lib/run-worker.js';
import { FileProblem } from './convert.js';
import type { ConvertJob, ConvertReply } from './convert-worker.js';
import { ingestCsv, InvalidEncoding } from './duck-ingest.js';
import { delimiterName, detectDelimiter, sampleLines, shortRowsNote, splitLine } from './layout.js';
import { sniff, type FileKind, type TextEncoding } from './sniff.js';

export interface IngestResult {
  kind: 'csv' | 'xlsx' | 'xls';
  encoding: string;
  delimiter: string;
  rows: number;
  variables: VariableInfo[];
  notes: string[];
  /** Written inside workDir; the caller moves it to the store. */
  parquetPath: string;
}

const HEAD_BYTES = 64 * 1024;
const ENCODING_NOTES: Partial<Record<TextEncoding, string>> = {
  gb18030: '文件编码为 GBK/GB18030，已转换为 UTF-8',
  utf16le: '文件编码为 UTF-16，已转换为 UTF-8',
  utf16be: '文件编码为 UTF-16，已转换为 UTF-8',
};

async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

async function convert(job: ConvertJob, settings: IngestSettings): Promise<string[]> {
  let reply: ConvertReply;
  try {
    reply = await runWorker<ConvertJob, ConvertReply>(new URL(`./convert-worker${path.extname(import.meta.url)}`, import.meta.url), job, {
      maxHeapMb: settings.workerHeapMb,
      timeoutMs: settings.workerTimeoutMs,
    });
  } catch (err) {
    if (err instanceof WorkerFailure && err.reason !== 'crash') {
      throw new FileProblem('文件过大或结构过于复杂，读取超出了资源限制；请删除无关的工作表和格式，或另存为 CSV 后上传');
    }
    throw err;
  }
  if (!reply.ok) {
    if (reply.problem) throw new FileProblem(reply.message);
    throw new Error(reply.message);
  }
  return reply.notes;
}

/** Ingests `original` (any of our kinds) into `workDir/data.parquet`. Throws FileProblem for bad input. */
export async function ingestFile(original: string, declaredName: string, workDir: string, settings: IngestSettings): Promise<IngestResult> {
  const size = (await fs.promises.stat(original)).size;
  if (size === 0) throw new FileProblem('文件是空的，请检查后重新上传');
  const head = await readHead(original);
  const sniffed = sniff(head);
  if (sniffed.kind === null) throw new FileProblem(`文件内容是${sniffed.what}，不是数据表：请上传 xlsx、xls 或 csv 文件`);

  const notes: string[] = [];
  const ext = path.extname(declaredName).toLowerCase();
  const expected: Record<FileKind, string[]> = { xlsx: ['.xlsx'], xls: ['.xls'], text: ['.csv', '.txt', '.tsv'] };
  if (ext && !expected[sniffed.kind].includes(ext)) {
    notes.push(`文件扩展名（${ext}）与内容不符，已按${sniffed.kind === 'text' ? '文本（CSV）' : sniffed.kind === 'xlsx' ? ' xlsx ' : ' xls '}格式读取`);
  }

  const csv = path.join(workDir, 'data.csv');
  let csvPath = original;
  let encoding: TextEncoding = 'utf8';
  if (sniffed.kind === 'text') {
    encoding = sniffed.encoding!;
    if (encoding !== 'utf8' && encoding !== 'utf8bom') {
      await convert({ op: 'transcode', src: original, dest: csv, encoding }, settings);
      csvPath = csv;
    }
  } else {
    notes.push(...(await convert({ op: 'spreadsheet', src: original, dest: csv, zip: sniffed.kind === 'xlsx', maxUnzippedBytes: settings.maxUnzippedBytes }, settings)));
    csvPath = csv;
  }

  const parquetPath = path.join(workDir, 'data.parquet');
  const attempt = async () => {
    const sample = (await readHead(csvPath)).toString('utf8');
    const lines = sampleLines(sample, (await fs.promises.stat(csvPath)).size <= HEAD_BYTES);
    const delimiter = sniffed.kind === 'text' ? detectDelimiter(lines.map((l) => l.text)) : ',';
    const sampleWidth = Math.max(1, ...lines.map((l) => splitLine(l.text, delimiter).length));
    const shortNote = sniffed.kind === 'text' ? shortRowsNote(lines, delimiter) : null;
    const out = await ingestCsv({
      csvPath,
      delimiter,
      sampleWidth,
      parquetPath,
      workDir,
      memoryLimit: settings.duckMemory,
      threads: settings.duckThreads,
    });
    return { delimiter, ...out, notes: shortNote ? [shortNote, ...out.notes] : out.notes };
  };

  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (err) {
    // A UTF-8-looking head with GBK further down: read the whole file as GB18030 instead.
    if (!(err instanceof InvalidEncoding) || sniffed.kind !== 'text' || encoding === 'gb18030') {
      if (err instanceof InvalidEncoding) throw new FileProblem('文件中有无法识别的字符编码；请在 Excel 中另存为“CSV UTF-8”后重新上传');
      throw err;
    }
    encoding = 'gb18030';
    await convert({ op: 'transcode', src: original, dest: csv, encoding }, settings);
    csvPath = csv;
    result = await attempt();
  }
  if (ENCODING_NOTES[encoding]) notes.unshift(ENCODING_NOTES[encoding]!);
  if (sniffed.kind === 'text' && result.delimiter !== ',') notes.push(`分隔符为${delimiterName(result.delimiter)}`);
  return {
    kind: sniffed.kind === 'text' ? 'csv' : sniffed.kind,
    encoding: sniffed.kind === 'text' ? encoding : '',
    delimiter: sniffed.kind === 'text' ? result.delimiter : '',
    rows: result.rows,
    variables: result.variables,
    notes: [...notes, ...result.notes],
    parquetPath,
  };
}
