// Times upload + ingest of a large numeric CSV through the real built server over HTTP, the
// server's peak memory, and preview pages after ingest. References in the same run: `wc -l` on the
// same file (the physical floor) and DuckDB alone turning it into Parquet (issue 25: ingest within 2×
// of it). Run with `npm run bench` (BENCH_INGEST_MB sets the file size, 200 by default).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { bigWorkbook } from '../apps/server/src/test/big-workbook.js';
import { procStatusMb, registerUser, startBuiltServer, uploadFile } from './lib/bench-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_MB = Number(process.env.BENCH_INGEST_MB ?? 200);
const COLS = 10;

/** DuckDB alone: the CSV to a Parquet file, types detected by DuckDB (best of 2). */
async function duckdbAloneMs(csv: string, work: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const out = path.join(work, `duck-${i}.parquet`);
    const t = performance.now();
    await con.run(`COPY (SELECT * FROM read_csv('${csv.replace(/'/g, "''")}')) TO '${out.replace(/'/g, "''")}' (FORMAT parquet)`);
    times.push(performance.now() - t);
    con.closeSync();
    db.closeSync();
    fs.rmSync(out, { force: true });
  }
  return Math.min(...times);
}

function makeCsv(file: string): { rows: number; bytes: number } {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, Array.from({ length: COLS }, (_, i) => `x${i + 1}`).join(',') + '\n');
  let bytes = 0;
  let rows = 0;
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  // Stay just under the limit: 200 MB is the most a user may upload.
  while (bytes < TARGET_MB * 1024 * 1024 - 1024 * 1024) {
    let chunk = '';
    for (let r = 0; r < 10_000; r++) {
      const cells: string[] = [];
      for (let c = 0; c < COLS; c++) cells.push((10 + 80 * rnd()).toFixed(4));
      chunk += cells.join(',') + '\n';
      rows++;
    }
    bytes += fs.writeSync(fd, chunk);
  }
  fs.closeSync(fd);
  return { rows, bytes };
}

/**
 * Spreadsheets (issue 25): a workbook of about `mb` MB (id, group, date, integer measurements),
 * uploaded to a fresh server: time, MB/s and the server's peak memory. Two sizes show whether time
 * grows in proportion to size and memory stays bounded (the sheet is streamed, never held whole).
 */
async function xlsxRun(work: string, mb: number) {
  const cols = 20;
  const probe = bigWorkbook(20_000, cols).length;
  const rows = Math.round((20_000 * mb * 1048576) / probe);
  const file = path.join(work, `bench-${mb}.xlsx`);
  fs.writeFileSync(file, bigWorkbook(rows, cols));
  const bytes = fs.statSync(file).size;
  const server = await startBuiltServer(path.join(work, `xlsx-data-${mb}`));
  try {
    const token = await registerUser(server.url, '13600000001');
    const rssBefore = procStatusMb(server.child.pid!, 'VmRSS');
    const { data, ms } = await uploadFile(server.url, token, file, `bench-${mb}.xlsx`);
    if (data.rows !== rows) throw new Error(`xlsx: ${data.rows} rows ingested, ${rows} written`);
    return {
      megabytes: Math.round((bytes / 1048576) * 10) / 10,
      rows,
      columns: cols,
      uploadAndIngestMs: Math.round(ms),
      MBps: Math.round((bytes / 1048576 / (ms / 1000)) * 100) / 100,
      serverRssBeforeMb: Math.round(rssBefore),
      serverPeakRssMb: Math.round(procStatusMb(server.child.pid!, 'VmHWM')),
    };
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-bench-'));
  const csv = path.join(work, 'bench.csv');
  let t = Date.now();
  const made = makeCsv(csv);
  console.log(`generated ${made.rows} rows, ${(made.bytes / 1048576).toFixed(1)} MB in ${Date.now() - t} ms`);

  t = performance.now();
  execFileSync('wc', ['-l', csv]);
  const wcMs = performance.now() - t;

  const duckMs = await duckdbAloneMs(csv, work);

  const server = await startBuiltServer(path.join(work, 'data'));
  const { url, child } = server;
  const token = await registerUser(url, '13600000000');
  const rssBefore = procStatusMb(child.pid!, 'VmRSS');
  const { data: uploaded, ms: ingestMs } = await uploadFile(url, token, csv, 'bench.csv');
  const up = { data: uploaded };
  const peakMb = procStatusMb(child.pid!, 'VmHWM');

  const fid = up.data._fid as string;
  const pages = [1, 500, Math.ceil(up.data.rows / 100)];
  const pageMs: Record<string, number> = {};
  for (const p of pages) {
    const times: number[] = [];
    for (let r = 0; r < 5; r++) {
      const s = performance.now();
      const res = (await (await fetch(`${url}/v2/datamanager/detailfile?_fid=${fid}&page=${p}&page_size=100`, { headers: { 'x-csrftoken': token } })).json()) as any;
      times.push(performance.now() - s);
      if (res.data.rows.length !== Math.min(101, up.data.rows - (p - 1) * 100 + 1)) throw new Error(`page ${p} has ${res.data.rows.length} rows`);
    }
    pageMs[`page${p}`] = Math.round(Math.min(...times) * 10) / 10;
  }
  await server.stop();

  const xlsxSmall = await xlsxRun(work, 10);
  const xlsxLarge = await xlsxRun(work, 30);
  console.log('xlsx', xlsxSmall, xlsxLarge);

  const mb = made.bytes / 1048576;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    file: { rows: made.rows, columns: COLS, megabytes: Math.round(mb * 10) / 10 },
    uploadAndIngestMs: Math.round(ingestMs),
    duckdbAloneCsvToParquetMs: Math.round(duckMs),
    ratioToDuckdb: Math.round((ingestMs / duckMs) * 100) / 100,
    ingestMBps: Math.round((mb / (ingestMs / 1000)) * 10) / 10,
    wcLinesMs: Math.round(wcMs * 10) / 10,
    wcMBps: Math.round((mb / (wcMs / 1000)) * 10) / 10,
    serverRssBeforeMb: Math.round(rssBefore),
    serverPeakRssMb: Math.round(peakMb),
    previewPageBestOf5Ms: pageMs,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    xlsx: {
      small: xlsxSmall,
      large: xlsxLarge,
      /** Time per MB of the large workbook over that of the small one: about 1 when time grows with size. */
      timePerMbRatio: Math.round((xlsxLarge.uploadAndIngestMs / xlsxLarge.megabytes / (xlsxSmall.uploadAndIngestMs / xlsxSmall.megabytes)) * 100) / 100,
    },
    targets: { ingestUnderMs: 15000, ratioToDuckdbAtMost: 2, peakRssUnderMb: 1024, pageUnderMs: 100, xlsxPeakRssUnderMb: 1024 },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', `ingest-${result.date.slice(0, 10)}.json`), JSON.stringify(result, null, 2) + '\n');
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
