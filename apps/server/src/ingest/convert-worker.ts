// Worker-thread entry for convert.ts: one conversion per worker, answered with one message.
import { parentPort, workerData } from 'node:worker_threads';
import { checkWorkbookZip, FileProblem, spreadsheetToCsv, transcodeText } from './convert.js';
import type { TextEncoding } from './sniff.js';

export type ConvertJob =
  | { op: 'transcode'; src: string; dest: string; encoding: Exclude<TextEncoding, 'utf8'> }
  | { op: 'spreadsheet'; src: string; dest: string; zip: boolean; maxUnzippedBytes: number };

export type ConvertReply = { ok: true; notes: string[] } | { ok: false; problem: boolean; message: string };

async function run(job: ConvertJob): Promise<ConvertReply> {
  try {
    if (job.op === 'transcode') {
      await transcodeText(job.src, job.dest, job.encoding);
      return { ok: true, notes: [] };
    }
    if (job.zip) await checkWorkbookZip(job.src, job.maxUnzippedBytes);
    return { ok: true, notes: (await spreadsheetToCsv(job.src, job.dest, { zip: job.zip })).notes };
  } catch (err) {
    return { ok: false, problem: err instanceof FileProblem, message: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.postMessage(await run(workerData as ConvertJob));
