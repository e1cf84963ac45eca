// Chart reports on 1,000,000 rows (issue 21: any chart report under 1 MB, drawn by the report page
// in under 1 s, exported to Word in under 2 s): the box-plot, scatter, violin and one-way ANOVA (a
// box plot inside a statistical report) tools run directly on an in-memory table, the point marks
// their charts draw, the stored report's JSON size, the time to draw its charts to SVG with the
// figure options applied (what the report page does in the browser; the server's SSR renderer is
// the proxy), the time Debian's Chromium takes to open the real report page (reportHtml with its
// ECharts and report.js, served locally) until every chart is drawn, and the time of the Word export
// with 300-dpi figures. Run with `npm run bench`.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyFigureOptions, DEFAULT_FIGURE_OPTIONS, FIGURE_FONTS, PALETTES, type Report, type VariableInfo } from '@labstat/contracts';
import type { DataTable, Tool } from '../packages/tools/src/tool.js';
import { definition as boxplotDef } from '../packages/tools/src/visual/boxplot/definition.js';
import { run as boxplotRun } from '../packages/tools/src/visual/boxplot/run.js';
import { definition as scatterDef } from '../packages/tools/src/visual/scatter/definition.js';
import { run as scatterRun } from '../packages/tools/src/visual/scatter/run.js';
import { definition as anovaDef } from '../packages/tools/src/med/anova-oneway/definition.js';
import { run as anovaRun } from '../packages/tools/src/med/anova-oneway/run.js';
import { definition as violinDef } from '../packages/tools/src/visual/violin/definition.js';
import { run as violinRun } from '../packages/tools/src/visual/violin/run.js';
import { chartSvg, findChartFonts, pngInfo } from '../apps/server/src/reports/chart-render.js';
import { figurePng } from '../apps/server/src/reports/figure-export.js';
import { reportDocx } from '../apps/server/src/reports/report-docx.js';
import { REPORT_ASSETS, REPORT_SCRIPT, reportHtml } from '../apps/server/src/reports/report-html.js';
import { launchBrowser } from '../apps/web/e2e/browser.js';

/** The report page as the server serves it, on a local port: the page, ECharts and report.js. */
async function servePage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const echarts = fs.readFileSync(createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js'));
  const server = http.createServer((req, res) => {
    if (req.url === `${REPORT_ASSETS}/echarts.min.js`) res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(echarts);
    else if (req.url === `${REPORT_ASSETS}/report.js`) res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(REPORT_SCRIPT);
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/report`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const browser = await launchBrowser();
/** Milliseconds from the start of navigation until every chart of the page holds its drawing (median of 3 loads). */
async function browserPageMs(report: Report): Promise<number> {
  const page = await browser.browser.newPage();
  const served = await servePage(reportHtml(report, { base: '/bench', share: null }));
  const times: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      await page.goto(served.url, { waitUntil: 'load' });
      await page.waitForFunction(() => {
        const els = [...document.querySelectorAll('.echart')];
        return els.length > 0 && els.every((e) => e.querySelector('svg path, svg text'));
      });
      times.push(await page.evaluate(() => performance.now()));
    }
  } finally {
    await page.close();
    await served.close();
  }
  return times.sort((a, b) => a - b)[1]!;
}

/**
 * The reference in the same run: a report page with one small table and one 3-point chart — what the
 * page costs before any data (ECharts and report.js loaded, one chart drawn).
 */
const REFERENCE_REPORT = {
  title: '参照页',
  tool: { key: 'reference', name: '参照页', version: 1 },
  parameters: {},
  dataFingerprint: 'bench',
  engineVersion: 'bench',
  createdAt: 0,
  results: {},
  sections: [
    {
      title: '参照',
      blocks: [
        { type: 'table', title: '表1', columns: ['a', 'b'], rows: [[1, 2]], footnotes: [] },
        { type: 'chart', title: '图1', option: { xAxis: { type: 'value' }, yAxis: { type: 'value' }, series: [{ type: 'scatter', data: [[1, 2], [2, 3], [3, 1]] }] } },
      ],
    },
  ],
} as unknown as Report;

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_CHART_ROWS ?? 1_000_000);
const TARGET = { reportBytes: 1_000_000, pageMs: 1000, docxMs: 2000 };

// A seeded table: three groups, x normal, y linear in x with heavy-tailed noise (so box plots have outliers).
let seed = 12345;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const normal = () => Math.sqrt(-2 * Math.log(rand())) * Math.cos(2 * Math.PI * rand());
const groupNames = ['对照组', '低剂量组', '高剂量组'];
const g = Array.from({ length: ROWS }, (_, i) => groupNames[i % 3]!);
const x = Array.from({ length: ROWS }, () => Number((120 + 15 * normal()).toFixed(1)));
const y = x.map((v, i) => Number((20 + 0.8 * v - 3 * (i % 3) + 8 * normal() * (rand() < 0.05 ? 4 : 1)).toFixed(1)));
const v = (name: string, type: VariableInfo['type'], distinct: number): VariableInfo => ({ name, type, valid: ROWS, missing: 0, distinct, min: null, max: null, mean: null, levels: [] });
const table: DataTable = {
  rows: ROWS,
  variables: [v('组别', 'categorical', 3), v('基线收缩压', 'numeric', 1000), v('随访收缩压', 'numeric', 1000)],
  numeric: (name) => (name === '基线收缩压' ? x : y),
  text: () => g,
};

const fonts = findChartFonts();
const cases: Array<{ tool: Tool; params: Record<string, string | number | boolean> }> = [
  { tool: { definition: boxplotDef, run: boxplotRun }, params: { y: '随访收缩压', group: '组别', points: true, marks: 'parametric' } },
  { tool: { definition: scatterDef, run: scatterRun }, params: { x: '基线收缩压', y: '随访收缩压', group: '组别', fit: true, marginal: true, level: 0.95 } },
  // A statistical report with a box plot inside, and a chart with an overlay of observations.
  { tool: { definition: anovaDef, run: anovaRun }, params: { y: '随访收缩压', group: '组别' } },
  { tool: { definition: violinDef, run: violinRun }, params: { y: '随访收缩压', group: '组别', box: true, points: true } },
];

const rows = [];
for (const c of cases) {
  const tool = c.tool;
  const t0 = performance.now();
  const out = tool.run(table, c.params);
  const runMs = performance.now() - t0;
  const d = tool.definition;
  const json = JSON.stringify({ ...out, tool: { key: d.key, name: d.name, version: d.version }, parameters: c.params, dataFingerprint: 'bench', engineVersion: 'bench', createdAt: Date.now() });
  const report = JSON.parse(json) as Report;
  const options = report.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'chart' ? [b.option] : [])));
  // Point marks drawn (data of scatter series): capped at MAX_MARKS per chart above MAX_POINTS rows.
  const marks = options.reduce((a, o) => a + ((o.series ?? []) as Array<{ type?: string; data?: unknown[] }>).reduce((m, s) => m + (s.type === 'scatter' ? (s.data?.length ?? 0) : 0), 0), 0);
  const t1 = performance.now();
  let svgBytes = 0;
  for (const o of options) svgBytes += chartSvg(applyFigureOptions(o, DEFAULT_FIGURE_OPTIONS, PALETTES, FIGURE_FONTS)).length;
  const pageMs = performance.now() - t1;
  const browserMs = await browserPageMs(report);
  const t2 = performance.now();
  const docx = await reportDocx(report, (_i, option) => {
    const png = figurePng(option, DEFAULT_FIGURE_OPTIONS, fonts, 300);
    return { png, ...pngInfo(png) };
  });
  const docxMs = performance.now() - t2;
  rows.push({
    tool: tool.definition.key,
    rows: ROWS,
    charts: options.length,
    marks,
    runMs: Math.round(runMs),
    reportBytes: json.length,
    svgBytes,
    svgRenderMs: Math.round(pageMs),
    browserPageMs: Math.round(browserMs),
    docxMs: Math.round(docxMs),
    docxBytes: docx.length,
    withinTargets: json.length < TARGET.reportBytes && browserMs < TARGET.pageMs && docxMs < TARGET.docxMs,
  });
}
const referencePageMs = Math.round(await browserPageMs(REFERENCE_REPORT));
// The machine's load while the bench ran (other jobs share its cores): read the times against it and the reference.
const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
await browser.close();
console.table(rows);
console.log(`reference: the report page with one 3-point chart opens in ${referencePageMs} ms; load average ${loadAverage.join(', ')}`);
const out = path.join(here, 'results', `charts-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ rows: ROWS, node: process.version, cpus: os.cpus().length, font: fonts?.family ?? null, targets: TARGET, referencePageMs, loadAverage, results: rows }, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
