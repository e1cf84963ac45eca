// The all-numeric fast path gives exactly what the general path gives (summaries, notes, every
// cell of every page and column), and steps aside for every file it cannot take exactly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ingestFile, type IngestResult } from './ingest.js';
import { ingestNumericCsv } from './numeric-fast.js';
import { ParquetReader } from './parquet-reader.js';
import { detectDelimiter, sampleLines } from './layout.js';

const settings = loadConfig({ DATA_DIR: os.tmpdir() }).ingest;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'numeric-fast-'));
const reader = new ParquetReader();
afterAll(async () => {
  await reader.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let seq = 0;
async function both(content: string | Buffer, name = 'data.csv') {
  const dir = path.join(root, String(seq++));
  fs.mkdirSync(dir);
  const file = path.join(dir, 'original');
  fs.writeFileSync(file, content);
  const run = async (fastPath: boolean) => {
    const work = path.join(dir, fastPath ? 'fast' : 'general');
    fs.mkdirSync(work);
    const r = await ingestFile(file, name, work, settings, { fastPath });
    const page = await reader.rows(r.parquetPath, r.variables, 1, r.rows);
    const last = await reader.rows(r.parquetPath, r.variables, Math.max(1, r.rows - 2), r.rows);
    const columns = await reader.columns(r.parquetPath, r.variables);
    const view = await reader.withViews([{ view: 'src', parquetPath: r.parquetPath, vars: r.variables }], async (con) =>
      (await con.runAndReadAll('SELECT __row FROM src ORDER BY __row')).getColumnsJS()[0]!.map(Number),
    );
    return { r, page, last, columns, view };
  };
  const fast = await run(true);
  const general = await run(false);
  return { file, fast, general };
}

function comparable(r: IngestResult) {
  return { ...r, parquetPath: '', variables: r.variables.map((v) => ({ ...v, mean: v.mean === null ? null : Number(v.mean.toPrecision(12)) })) };
}

/** Whether the fast path takes the file (it answers null when it steps aside). */
async function takes(file: string): Promise<boolean> {
  const text = fs.readFileSync(file).subarray(0, 64 * 1024).toString('utf8');
  const lines = sampleLines(text, fs.statSync(file).size <= 64 * 1024);
  const work = fs.mkdtempSync(path.join(root, 'take-'));
  const out = await ingestNumericCsv({
    csvPath: file,
    delimiter: detectDelimiter(lines.map((l) => l.text)),
    lines,
    sampleBytes: Buffer.byteLength(text),
    parquetPath: path.join(work, 'data.parquet'),
    workDir: work,
    memoryLimit: settings.duckMemory,
    threads: settings.duckThreads,
  });
  return out !== null;
}

function bigNumeric(rows: number): string {
  let s = 7;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const out = ['id,score,dose,group,flag'];
  for (let i = 0; i < rows; i++) {
    const score = i % 97 === 0 ? 'NA' : (rnd() * 100 - 50).toFixed(3);
    const dose = i % 31 === 0 ? '' : String(Math.round(rnd() * 1e6) / 1e3);
    out.push(`${i + 1},${score},${dose},${1 + (i % 3)},${i % 53 === 0 ? '-' : i % 2}`);
  }
  return out.join('\n') + '\n';
}

describe('all-numeric CSV fast path', () => {
  const plain: Array<[string, string | Buffer]> = [
    ['many rows, markers, few-valued columns', bigNumeric(50_000)],
    ['semicolons, CRLF', 'a;b\r\n1;2\r\n3;4.5\r\n-1e3;.\r\n'],
    ['BOM, spaces, signs, forms of numbers', '\uFEFFx,y,z\n 3 ,+4,.5\n5.,-0,1e-3\n007,2E2,NaN\n'],
    ['duplicate and blank header names', 'v,v,,w\n1,2,3,4\n5,6,7,8\n'],
    ['no final newline, tabs', 'p\tq\n1\t2\n3\t4'],
    ['every marker', `m,n\n${['NA', 'N/A', 'n/a', 'na', 'NULL', 'null', 'Null', '.', '-', 'NaN', 'nan', '#N/A', '#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NUM!', '#NAME?'].map((m, i) => `${m},${i}`).join('\n')}\n1.5,99\n`],
  ];
  for (const [label, content] of plain) {
    it(`takes and matches the general path: ${label}`, async () => {
      const { file, fast, general } = await both(content);
      expect(await takes(file)).toBe(true);
      expect(comparable(fast.r)).toEqual(comparable(general.r));
      expect(fast.page).toEqual(general.page);
      expect(fast.last).toEqual(general.last);
      expect(fast.view).toEqual(general.view);
      for (const v of general.r.variables) expect(Array.from(fast.columns[v.name] as Float64Array)).toEqual(Array.from(general.columns[v.name] as Float64Array));
    }, 60_000);
  }

  const aside: Array<[string, string]> = [
    ['a quoted number', 'a,b\n"1",2\n3,4\n'],
    ['an unclosed quote', 'a,b\n1,2\n"3,4\n5,6\n'],
    ['an underscore in a number', 'a,b\n1_000,2\n3,4\n'],
    ['a blank line', 'a,b\n1,2\n\n3,4\n'],
    ['a row of empty cells', 'a,b\n1,2\n,\n3,4\n'],
    ['a text column', 'a,b\n1,x\n3,y\n'],
    ['text far below the sample', `a,b\n${'1,2\n'.repeat(30_000)}3,oops\n`],
    ['an infinite number', 'a,b\n1,2\n1e400,4\n'],
    ['a short row', 'a,b\n1,2\n3\n'],
    ['a long row', 'a,b\n1,2\n3,4,5\n'],
    ['a column without values', 'a,b\n1,NA\n3,\n'],
    ['a trailing delimiter', 'a,b,\n1,2,\n3,4,\n'],
    ['a date column', 'a,b\n1,2024-01-02\n3,2024-02-03\n'],
    ['header only', 'a,b\n'],
    ['a padded marker', 'a,b\n1, NA\n3,4\n'],
  ];
  for (const [label, content] of aside) {
    it(`steps aside, the general path's answer stands: ${label}`, async () => {
      const dir = fs.mkdtempSync(path.join(root, 'aside-'));
      const file = path.join(dir, 'original');
      fs.writeFileSync(file, content);
      expect(await takes(file)).toBe(false);
    }, 60_000);
  }

  it('a GBK file is still transcoded and read by the general path', async () => {
    const gbk = Buffer.from([0xc4, 0xea, 0xc1, 0xe4]); // 年龄
    const content = Buffer.concat([gbk, Buffer.from(',b\n1,2\n3,4\n')]);
    const { fast, general } = await both(content);
    expect(comparable(fast.r)).toEqual(comparable(general.r));
    expect(fast.r.variables[0]!.name).toBe('年龄');
  }, 60_000);
});
