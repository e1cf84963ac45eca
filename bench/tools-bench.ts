// Tools on a large file, end to end (issue 25 item 3): a 1,000,000-row CSV uploaded to the built
// server, then the t-test, one-way ANOVA, χ², correlation and linear-regression tools submitted
// through the API as the web app does; each timed from submit to report, its report page opened in
// Debian's Chromium until every chart is drawn, and its Word export downloaded. Targets: report page
// under 1 s, Word under 2 s. The reference in the same run: the server's trivial route (/healthz).
// Run with `npm run bench` (BENCH_TOOLS_ROWS sets the row count).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { TOOLS } from '@labstat/tools';
import { launchBrowser } from '../apps/web/e2e/browser.js';
import { apiOf, registerUser, startBuiltServer, uploadFile } from './lib/bench-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_TOOLS_ROWS ?? 1_000_000);
const TARGET = { pageMs: 1000, docxMs: 2000 };

/** Seeded: two arms, three dose groups, an outcome depending on them and on two covariates, a binary response. */
function makeCsv(file: string): number {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '组别,剂量组,年龄,基线值,结局,有效\n');
  let s = 2468;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const normal = () => Math.sqrt(-2 * Math.log(rnd() || 1e-12)) * Math.cos(2 * Math.PI * rnd());
  const arms = ['对照组', '治疗组'];
  const doses = ['低', '中', '高'];
  for (let done = 0; done < ROWS; ) {
    let chunk = '';
    for (let r = 0; r < 10_000 && done < ROWS; r++, done++) {
      const arm = done % 2;
      const dose = Math.floor(rnd() * 3);
      const age = 30 + 40 * rnd();
      const base = 140 + 12 * normal();
      const y = 20 + 0.8 * base + 0.1 * age - 4 * arm - 1.5 * dose + 8 * normal();
      const ok = rnd() < 0.4 + 0.15 * arm ? '是' : '否';
      chunk += `${arms[arm]},${doses[dose]},${age.toFixed(1)},${base.toFixed(1)},${y.toFixed(1)},${ok}\n`;
    }
    fs.writeSync(fd, chunk);
  }
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

const CASES: Array<{ id: number; params: Record<string, unknown> }> = [
  { id: 1003, params: { y: '结局', group: '组别' } },
  { id: 1005, params: { y: '结局', group: '剂量组' } },
  { id: 1006, params: { row: '组别', col: '有效' } },
  { id: 1009, params: { vars: ['年龄', '基线值', '结局'] } },
  { id: 1010, params: { y: '结局', x: ['基线值', '年龄'], factors: ['组别', '剂量组'] } },
];

const defaultsOf = (id: number) => {
  const d = TOOLS.find((t) => t.definition.id === id)!.definition;
  return Object.fromEntries(d.steps.flatMap((st) => st.fields).map((f) => [f.filed, f.value ?? null]));
};
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-tools-bench-'));
const csv = path.join(work, 'tools.csv');
const bytes = makeCsv(csv);
const server = await startBuiltServer(path.join(work, 'data'));
const phone = '13600000001';
const token = await registerUser(server.url, phone);
// Linear regression is a members' tool.
const db = new SQLite(path.join(server.dataDir, 'labstat.db'));
db.prepare('UPDATE users SET vip_life = 1 WHERE mobile = ?').run(phone);
db.close();
const api = apiOf(server.url, token);
const { data: file, ms: uploadMs } = await uploadFile(server.url, token, csv, '百万行.csv');

// The ceiling of any request: the trivial route, median of 20.
const trivial: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await fetch(`${server.url}/healthz`);
  trivial.push(performance.now() - t);
}

const browser = await launchBrowser();
const page = await browser.browser.newPage();
await page.setExtraHTTPHeaders({ 'x-csrftoken': token });
const rows = [];
for (const c of CASES) {
  const stepId = c.id * 100 + 52;
  const body = { taskId: null, toolId: c.id, file: { data: file._fid }, form: [{ data: { ...defaultsOf(c.id), ...c.params }, identification: 'params', toolId: c.id, stepId }], stepId };
  const t0 = performance.now();
  const res = await api('POST', '/anatools/v2', body);
  const submitMs = performance.now() - t0;
  if (res.code !== 200) throw new Error(`tool ${c.id}: ${res.msg}`);
  const reportid = res.data.reportid as string;
  const reportUrl = `${server.url}/reports/${reportid}`;
  const json = await (await fetch(`${reportUrl}/report.json`, { headers: { 'x-csrftoken': token } })).text();
  const pageTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(reportUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => {
      const els = [...document.querySelectorAll('.echart')];
      return document.querySelector('table') !== null && els.every((e) => e.querySelector('svg path, svg text'));
    });
    pageTimes.push(await page.evaluate(() => performance.now()));
  }
  const t1 = performance.now();
  const docx = await fetch(`${reportUrl}/download/docx/report.docx`, { headers: { 'x-csrftoken': token } });
  const docxBytes = (await docx.arrayBuffer()).byteLength;
  const docxMs = performance.now() - t1;
  if (!docx.ok) throw new Error(`Word export of tool ${c.id}: ${docx.status}`);
  const pageMs = median(pageTimes);
  rows.push({
    tool: c.id,
    key: TOOLS.find((t) => t.definition.id === c.id)!.definition.key,
    submitToReportMs: Math.round(submitMs),
    reportBytes: json.length,
    browserPageMs: Math.round(pageMs),
    docxMs: Math.round(docxMs),
    docxBytes,
    withinTargets: pageMs < TARGET.pageMs && docxMs < TARGET.docxMs,
  });
}
await page.close();
await browser.close();
await server.stop();
fs.rmSync(work, { recursive: true, force: true });

console.table(rows);
const result = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100) },
  file: { rows: ROWS, megabytes: Math.round((bytes / 1048576) * 10) / 10, uploadAndIngestMs: Math.round(uploadMs) },
  trivialRouteMedianMs: Math.round(median(trivial) * 10) / 10,
  targets: TARGET,
  results: rows,
};
const out = path.join(here, 'results', `tools-${result.date.slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
