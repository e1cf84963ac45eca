// Reports out of the browser and the task center, through the real API: the Word and Excel
// downloads opened with zip/spreadsheet libraries, chart PNG/SVG, share links with revocation,
// task listing, filtering, paging and deletion (files included), and a crash injected into a job.
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type Report } from '@labstat/contracts';
import { pngInfo } from '../reports/chart-render.js';
import { neutraliseCell } from '../reports/report-xlsx.js';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

let t: TestApp;
let alice: string;
let bob: string;
let exampleFid: string;
let groupsFid: string;

beforeAll(async () => {
  t = await startTestApp({ JOB_ALLOW_FAULTS: '1', JOB_TIMEOUT_S: '60', JOB_CONCURRENCY: '2' });
  alice = (await register(t, '13800000021')).token;
  bob = (await register(t, '13800000022')).token;
  exampleFid = await exampleFidOf(t, alice, 1003);
  groupsFid = await exampleFidOf(t, alice, 1005);
}, 60_000);
afterAll(async () => t?.close());

const anova = { y: '体重增量', group: '组别', method: 'auto', posthoc: 'tukey', level: 0.95 };

async function submit(token: string, fid = exampleFid, data: Record<string, unknown> = ttest, headers: Record<string, string> = {}, toolId = 1003) {
  const res = await t.app.inject({ method: 'POST', url: '/anatools/v2', payload: submitBody(fid, data, toolId), headers: { 'x-csrftoken': token, ...headers } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

async function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { 'x-csrftoken': token } : {} });
}

async function reportJson(reportid: string): Promise<Report> {
  return (await get(`/reports/${reportid}/report.json`, alice)).json() as Report;
}

const tablesOf = (r: Report) => r.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'table' ? [b] : [])));
const chartsOf = (r: Report) => r.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'chart' ? [b] : [])));
const xmlText = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

describe('downloads', () => {
  let reportid: string;
  let report: Report;

  beforeAll(async () => {
    // One-way ANOVA: several tables, a box plot, a conclusion.
    const r = await submit(alice, groupsFid, anova, {}, 1005);
    expect(r.body.code).toBe(200);
    reportid = r.body.data.reportid;
    report = await reportJson(reportid);
  });

  it('makes the Word document: three-line tables, fonts, 300-dpi charts, conclusion and reproducibility facts', async () => {
    const r = await t.call('POST', '/anatools/v2/getresult', { token: alice, body: { reportid } });
    expect(r.body.code).toBe(200);
    const downloadPath: string = r.body.data.downloadPath;
    expect(downloadPath.startsWith(`/reports/${reportid}/download/docx/`)).toBe(true);
    expect(decodeURIComponent(downloadPath.split('/').pop()!)).toMatch(/^单因素方差分析_\d{8}\.docx$/);

    const res = await get(downloadPath, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('单因素方差分析_')}`);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const doc = await zip.file('word/document.xml')!.async('string');
    const styles = await zip.file('word/styles.xml')!.async('string');
    expect(styles).toMatch(/w:eastAsia="宋体"/);
    expect(styles).toMatch(/w:ascii="Times New Roman"/);

    // One Word table per report table, plus the parameter table; three-line rules, no verticals.
    const tables = tablesOf(report);
    const wordTables = doc.split('<w:tbl>').slice(1);
    expect(wordTables).toHaveLength(tables.length + 1);
    expect(wordTables[0]).toMatch(/<w:tblBorders><w:top w:val="single"[^>]*w:sz="12"/);
    expect(wordTables[0]).toMatch(/<w:insideV w:val="none"/);
    const first = tables[0]!;
    const firstRows = wordTables[0]!.split('<w:tr>').slice(1);
    expect(firstRows).toHaveLength(first.rows.length + 1);
    for (const col of first.columns) expect(xmlText(firstRows[0]!)).toContain(col);
    const cell = first.rows[0]!.find((v) => v !== null)!;
    expect(xmlText(firstRows[1]!)).toContain(String(cell));

    const text = xmlText(doc);
    expect(text).toContain(report.title);
    const pTable = tables.find((tb) => tb.columns.some((c) => /^P/.test(c)));
    if (pTable) expect(text).toMatch(/<0\.001|0\.\d{3}/);
    for (const needle of ['表1', '图1', '分析参数与可复现信息', report.dataFingerprint, report.engineVersion, '检验变量（定量）', '体重增量', 'Tukey HSD']) expect(text).toContain(needle);
    // The conclusion the report writes in its text blocks is in the document.
    const conclusion = report.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    if (conclusion?.type === 'text') expect(text).toContain(conclusion.markdown.replace(/[*_`#>-]/g, '').trim().slice(0, 12));

    const media = Object.keys(zip.files).filter((f) => f.startsWith('word/media/') && f.endsWith('.png'));
    expect(media).toHaveLength(chartsOf(report).length);
    expect(media.length).toBeGreaterThan(0);
    const png = await zip.file(media[0]!)!.async('nodebuffer');
    const info = pngInfo(png);
    expect(info.dpi).toBe(300);
    // Laid out 6 inches wide: at least 1800 pixels across.
    expect(info.width).toBeGreaterThanOrEqual(1800);

    // A second request is served from the stored copy.
    const again = await get(downloadPath, alice);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('makes the workbook: a facts sheet, then one sheet per table with numbers as numbers', async () => {
    const res = await get(`/reports/${reportid}/download/xlsx/report.xlsx`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    const tables = tablesOf(report);
    expect(wb.SheetNames).toHaveLength(tables.length + 1);
    expect(wb.SheetNames[0]).toBe('报告信息');
    const facts = XLSX.utils.sheet_to_json<string[]>(wb.Sheets['报告信息']!, { header: 1 });
    expect(facts.flat()).toContain(report.dataFingerprint);
    tables.forEach((tb, i) => {
      const rows = XLSX.utils.sheet_to_json<Array<string | number>>(wb.Sheets[wb.SheetNames[i + 1]!]!, { header: 1, defval: null });
      expect(rows[0]![0]).toBe(tb.title);
      expect(rows[1]).toEqual(tb.columns);
      tb.rows.forEach((r, j) => expect(rows[2 + j]).toEqual(r.map((v) => (v === null ? null : neutraliseCell(v)))));
    });
  });

  it('draws each chart as SVG with its Chinese labels and as a 300-dpi PNG', async () => {
    const charts = chartsOf(report);
    const svg = await get(`/reports/${reportid}/download/svg-0/a.svg`, alice);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const labels = JSON.stringify(charts[0]!.option).match(/[\u4e00-\u9fff]+/g) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    for (const l of labels.slice(0, 3)) expect(svg.body).toContain(l);
    const png = await get(`/reports/${reportid}/download/png-0/a.png`, alice);
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngInfo(png.rawPayload).dpi).toBe(300);
    expect((await get(`/reports/${reportid}/download/png-${charts.length}/a.png`, alice)).statusCode).toBe(404);
    expect((await get(`/reports/${reportid}/download/exe/a.exe`, alice)).statusCode).toBe(400);
    const json = await get(`/reports/${reportid}/download/json/r.json`, alice);
    expect(json.json()).toEqual(report);
  });

  it('exports with figure options: TIFF and 600-dpi PNG, PDF, slides; a malformed option is refused in Chinese', async () => {
    const fo = encodeURIComponent(JSON.stringify({ palette: 'lancet', widthMm: 100, heightMm: 80 }));
    const png600 = await get(`/reports/${reportid}/download/png600-0/a.png?fo=${fo}`, alice);
    expect(png600.headers['content-type']).toBe('image/png');
    const info = pngInfo(png600.rawPayload);
    expect(info.dpi).toBe(600);
    expect(Math.abs(info.width - Math.round((100 / 25.4) * 600))).toBeLessThanOrEqual(2);
    const plain = await get(`/reports/${reportid}/download/png600-0/a.png`, alice);
    expect(plain.rawPayload.equals(png600.rawPayload)).toBe(false);
    expect((await get(`/reports/${reportid}/download/tiff-0/a.tif?fo=${fo}`, alice)).headers['content-type']).toBe('image/tiff');
    const pdf = await get(`/reports/${reportid}/download/pdf-0/a.pdf`, alice);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pptx = await get(`/reports/${reportid}/download/pptx/a.pptx`, alice);
    expect(pptx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await get(`/reports/${reportid}/download/png-0/a.png?fo=${encodeURIComponent('{"palette":"rainbow"}')}`, alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('图形设置无效，请重新选择后再下载');
    expect((await get(`/reports/${reportid}/download/png-0/a.png?fo=%7Bnot-json`, alice)).statusCode).toBe(400);
  });

  it('neutralises table text a spreadsheet could run as a formula', async () => {
    const csv = ['y,g', ...Array.from({ length: 10 }, (_, i) => `${120 + i * 3},${i % 2 ? '=HYPERLINK("http://x")' : '@SUM(A1)'}`)].join('\n');
    const f = await uploadOk(t, alice, 'formula.csv', Buffer.from(csv));
    const r = await submit(alice, f._fid, { ...ttest, y: 'y', group: 'g' });
    expect(r.body.code).toBe(200);
    const res = await get(`/reports/${r.body.data.reportid}/download/xlsx/x.xlsx`, alice);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    const cells = wb.SheetNames.slice(1).flatMap((n) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[n]!, { header: 1 }).flat());
    const texts = cells.filter((c): c is string => typeof c === 'string');
    expect(texts).toContain(`'=HYPERLINK("http://x")`);
    expect(texts.some((c) => /^[=+@]/.test(c) || /^-[^0-9.]/.test(c))).toBe(false);
    expect(Object.values(wb.Sheets).some((s) => Object.values(s).some((c: any) => c && typeof c === 'object' && 'f' in c))).toBe(false);
    expect(neutraliseCell('-1.23 ~ 4.56')).toBe('-1.23 ~ 4.56');
    expect(neutraliseCell('-cmd|x')).toBe("'-cmd|x");
    expect(neutraliseCell(-3)).toBe(-3);
  });

  it('gives reports to their owner only', async () => {
    expect((await t.call('POST', '/anatools/v2/getresult', { token: bob, body: { reportid } })).status).toBe(404);
    expect((await t.call('POST', '/anatools/v2/getresult', { token: alice, body: { reportid: 'nope' } })).body).toMatchObject({ code: 400, msg: '报告编号无效' });
    expect((await t.call('POST', '/anatools/v2/getresult', { body: { reportid } })).body.code).toBe(50008);
    expect((await get(`/reports/${reportid}/download/docx/a.docx`, bob)).statusCode).toBe(404);
    expect((await get(`/reports/${reportid}/download/docx/a.docx`)).statusCode).toBe(401);
    const viaCookie = await t.app.inject({ method: 'GET', url: `/reports/${reportid}/download/xlsx/a.xlsx`, headers: { cookie: `Custom-Token=${alice}` } });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('shares a report by an unguessable link until revoked', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/reports/${reportid}`, headers: { cookie: `Custom-Token=${alice}` } });
    expect(page.body).toContain('创建分享链接');
    expect(page.body).toContain('data-share=""');
    // Creating needs the header: the page's cookie alone is not enough.
    expect((await t.app.inject({ method: 'POST', url: `/reports/${reportid}/share`, headers: { cookie: `Custom-Token=${alice}` } })).json().code).toBe(50008);
    expect((await t.call('POST', `/reports/${reportid}/share`, { token: bob })).status).toBe(404);

    const made = await t.call('POST', `/reports/${reportid}/share`, { token: alice });
    const link: string = made.body.data.path;
    expect(link).toMatch(/^\/s\/[A-Za-z0-9_-]{32}$/);
    expect((await t.call('POST', `/reports/${reportid}/share`, { token: alice })).body.data.path).toBe(link);
    expect((await t.call('GET', `/reports/${reportid}/share`, { token: alice })).body.data.path).toBe(link);
    expect((await t.app.inject({ method: 'GET', url: `/reports/${reportid}`, headers: { cookie: `Custom-Token=${alice}` } })).body).toContain(`data-share="${link}"`);

    const shared = await get(link);
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain(report.title);
    expect(shared.body).toContain('通过分享链接查看');
    expect(shared.body).not.toContain('share-create');
    const docx = await get(`${link}/download/docx/a.docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');

    expect((await t.call('DELETE', `/reports/${reportid}/share`, { token: alice })).body).toMatchObject({ code: 200, data: { path: null } });
    const revoked = await get(link);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toContain('该分享链接已被撤销');
    expect((await get(`${link}/download/docx/a.docx`)).json()).toMatchObject({ msg: '该分享链接已被撤销，请向分享者索取新的链接' });
    const unknown = await get(`/s/${'A'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('分享链接不存在或已失效');
    expect((await get('/s/short')).body).toContain('分享链接不存在或已失效');

    const fresh = (await t.call('POST', `/reports/${reportid}/share`, { token: alice })).body.data.path;
    expect(fresh).not.toBe(link);
    expect((await get(fresh)).statusCode).toBe(200);
  });
});

describe('task center', () => {
  let carol: string;
  beforeAll(async () => {
    carol = (await register(t, '13800000023')).token;
  });

  it('lists, filters and pages the user\'s tasks, 15 per page by default, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      t.clock.advance(1000);
      const r = await submit(carol);
      expect(r.body.code).toBe(200);
      ids.push(r.body.data.taskid);
    }
    t.clock.advance(1000);
    // A worker that crashes fails its task with a message and the server keeps serving.
    const crash = await submit(carol, exampleFid, ttest, { 'x-labstat-fault': 'crash' });
    expect(crash.status).toBe(500);
    expect(crash.body.msg).toContain('异常终止');
    t.clock.advance(1000);
    const after = await submit(carol);
    expect(after.body.code).toBe(200);

    const all = await t.call('GET', '/user/task/tool?status=全部&page=1', { token: carol });
    expect(all.body.code).toBe(200);
    expect(all.body.data.count).toBe(17);
    expect(all.body.count).toBe(17);
    expect(all.body.data.task_list).toHaveLength(15);
    const top = all.body.data.task_list[0];
    expect(top).toMatchObject({ toolid__toolname: '独立样本t检验', toolid__id: 1003, taskid: after.body.data.taskid, status: TaskStatus.success, message: '' });
    expect(top.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(top.update_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(all.body.data.task_list[1]).toMatchObject({ status: TaskStatus.failure });
    expect(all.body.data.task_list[1].message).toContain('异常终止');

    const page2 = await t.call('GET', '/user/task/tool?page=2&limit=15', { token: carol });
    expect(page2.body.data.task_list.map((x: any) => x.taskid)).toEqual([ids[1], ids[0]]);
    const failed = await t.call('GET', `/user/task/tool?status=${encodeURIComponent('失败')}`, { token: carol });
    expect(failed.body.data.count).toBe(1);
    const ok = await t.call('GET', `/user/task/tool?status=${encodeURIComponent('成功')}&page=1&limit=5`, { token: carol });
    expect(ok.body.data.count).toBe(16);
    expect(ok.body.data.task_list).toHaveLength(5);
    expect((await t.call('GET', `/user/task/tool?status=${encodeURIComponent('分析中')}`, { token: carol })).body.data.count).toBe(0);
    expect((await t.call('GET', '/user/task/process', { token: carol })).body.data).toEqual({ task_list: [], count: 0 });
    // Each user sees only their own tasks; bad filters are refused with a message.
    expect((await t.call('GET', '/user/task/tool', { token: bob })).body.data.count).toBe(0);
    expect((await t.call('GET', '/user/task/tool?status=done', { token: carol })).status).toBe(400);
    expect((await t.call('GET', '/user/task/tool?page=0', { token: carol })).status).toBe(400);
    expect((await t.call('GET', '/user/task/tool?limit=1000', { token: carol })).status).toBe(400);
    expect((await t.call('GET', '/user/task/tool')).body.code).toBe(50008);
  });

  it('deletes a task with its report, share links and files, cancels a running one, never another user\'s', async () => {
    const r = await submit(carol);
    const { taskid, reportid } = r.body.data;
    expect((await get(`/reports/${reportid}/download/docx/a.docx`, carol)).statusCode).toBe(200);
    const link = (await t.call('POST', `/reports/${reportid}/share`, { token: carol })).body.data.path;
    const dir = path.join(t.dataDir, 'store', 'reports', reportid);
    expect(fs.readdirSync(dir).sort()).toEqual(['export-v2', 'report.json']);

    expect((await t.call('DELETE', `/delete/task/tool?taskid=${taskid}`, { token: bob })).status).toBe(404);
    expect((await t.call('DELETE', `/delete/task/process?taskid=${taskid}`, { token: carol })).status).toBe(404);
    expect((await t.call('DELETE', '/delete/task/tool', { token: carol })).body).toMatchObject({ code: 400, msg: '请指定要删除的任务' });
    const del = await t.call('DELETE', `/delete/task/tool?taskid=${taskid}`, { token: carol });
    expect(del.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect(fs.existsSync(dir)).toBe(false);
    expect((await get(link)).statusCode).toBe(404);
    expect((await get(`/reports/${reportid}/report.json`, carol)).statusCode).toBe(404);
    expect((await t.call('GET', `/anatools/v2/report?taskId=${taskid}`, { token: carol })).status).toBe(404);
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${taskid}`, { token: carol })).status).toBe(404);
    // The task id may also come in a JSON body.
    const other = (await submit(carol)).body.data.taskid;
    expect((await t.call('DELETE', '/delete/task/tool', { token: carol, body: { taskid: other } })).body.code).toBe(200);

    // A task still 分析中 is cancelled by deleting it: its slot is freed at once.
    const hanging = submit(carol, exampleFid, ttest, { 'x-labstat-fault': 'hang' });
    let running: any;
    for (let i = 0; i < 50 && !running; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      running = (await t.call('GET', `/user/task/tool?status=${encodeURIComponent('分析中')}`, { token: carol })).body.data.task_list[0];
    }
    expect(running).toMatchObject({ status: TaskStatus.running, update_time: '' });
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${running.taskid}`, { token: carol })).body.code).toBe(200);
    expect((await hanging).body).toMatchObject({ code: 409, msg: '任务已被删除，分析结果未保存' });
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${running.taskid}`, { token: carol })).status).toBe(404);
    expect((await submit(carol)).body.code).toBe(200);
  }, 30_000);
});
