// Ingest of one uploaded file, start to finish: decide what it is from its bytes, bring it to
// UTF-8 CSV (in a worker thread when that takes CPU), then let DuckDB type it and write Parquet.
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_EXTENSIONS, type VariableInfo } from '@labstat/contracts';
import type { IngestSettings } from '../config.js';
import { runWorker, WorkerFailure } from '../lib/run-worker.js';
import type { ConvertJob, ConvertReply } from './convert-worker.js';
import { scanCsv } from './csv-scan.js';
import { ingestCsv, InvalidEncoding } from './duck-ingest.js';
import { FileProblem } from './file-problem.js';
import { ingestNumericCsv } from './numeric-fast.js';
import { delimiterName, detectDelimiter, sampleLines, shortRowsNote } from './layout.js';
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
/**
 * Widest table accepted (README). DuckDB's CSV reader and Parquet writer hold buffers per column:
 * 2,000 columns ingest within the default 512 MB of INGEST_DUCKDB_MEMORY (a 200 MB file of 2,000
 * columns included), 3,000 do not.
 */
export const MAX_COLUMNS = 2000;

const KIND_NAMES: Record<FileKind, string> = { xlsx: 'Excel 工作簿（xlsx）', xls: '旧版 Excel 工作簿（xls）', text: '文本（CSV）' };
const KIND_EXTENSION: Record<FileKind, string> = { xlsx: '.xlsx', xls: '.xls', text: '.csv' };
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
export async function ingestFile(
  original: string,
  declaredName: string,
  workDir: string,
  settings: IngestSettings,
  options: { fastPath?: boolean } = {},
): Promise<IngestResult> {
  // The name must claim one of the three types the upload area offers (the same test as the web
  // app's checkUpload), and the content must be that type.
  const ext = UPLOAD_EXTENSIONS.find((e) => declaredName.toLowerCase().endsWith(e));
  if (!ext) {
    const claimed = path.extname(declaredName).toLowerCase();
    throw new FileProblem(`${claimed ? `不支持 ${claimed} 文件` : '文件名没有扩展名'}：只能上传 xlsx、xls、csv 格式的文件`);
  }
  const size = (await fs.promises.stat(original)).size;
  if (size === 0) throw new FileProblem('文件是空的，请检查后重新上传');
  const head = await readHead(original);
  const sniffed = sniff(head);
  if (sniffed.kind === null) throw new FileProblem(`文件内容是${sniffed.what}，不是数据表：请上传 xlsx、xls 或 csv 文件`);
  if (KIND_EXTENSION[sniffed.kind] !== ext) {
    throw new FileProblem(
      `文件扩展名为 ${ext}，但内容是${KIND_NAMES[sniffed.kind]}：请把扩展名改为 ${KIND_EXTENSION[sniffed.kind]} 后重新上传，或用 Excel 另存为 ${ext} 文件`,
    );
  }

  const notes: string[] = [];

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
    if (options.fastPath !== false) {
      const fast = await ingestNumericCsv({
        csvPath,
        delimiter,
        lines,
        sampleBytes: Buffer.byteLength(sample),
        parquetPath,
        workDir,
        memoryLimit: settings.duckMemory,
        threads: settings.duckThreads,
      });
      if (fast) return { delimiter, ...fast };
    }
    const scan = await scanCsv(csvPath, delimiter, MAX_COLUMNS);
    if (scan.tooWide) {
      throw new FileProblem(`文件有 ${scan.tooWide.fields} 列（第 ${scan.tooWide.line} 行），超过了 ${MAX_COLUMNS} 列的上限；请删除不需要的列，或把数据拆成几个文件后上传`);
    }
    if (scan.unterminatedLine !== null) {
      throw new FileProblem(
        `第 ${scan.unterminatedLine} 行附近有一个引号（"）没有闭合，从那里到文件末尾都会被当成一个单元格；请检查该行的引号后重新上传`,
      );
    }
    const notes: string[] = [];
    const shortNote = sniffed.kind === 'text' ? shortRowsNote(lines, delimiter) : null;
    if (shortNote) notes.push(shortNote);
    if (scan.wider.count > 0) {
      const more = scan.wider.count > scan.wider.lines.length ? `等共 ${scan.wider.count} 行` : '';
      notes.push(`第 ${scan.wider.lines.join('、')} 行${more}的字段比表头多，多出的值放在新增的列中`);
    }
    const out = await ingestCsv({
      csvPath,
      delimiter,
      width: Math.max(1, scan.maxFields),
      quotedNewline: scan.quotedNewline,
      rowBytes: scan.bytes / Math.max(1, scan.records),
      longest: scan.longest,
      parquetPath,
      workDir,
      memoryLimit: settings.duckMemory,
      threads: settings.duckThreads,
    });
    return { delimiter, ...out, notes: [...notes, ...out.notes] };
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
