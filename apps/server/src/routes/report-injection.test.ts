// Markdown injection (issue 15, item 14): a data file whose column names and category values are
// markdown links, images and HTML. Through the real API: the owner's report page, the public share
// page and the Word and Excel downloads show that text literally, with no live link, no remote
// image and no javascript: URL.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@labstat/contracts';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { submitBody } from '../test/tool-flows.js';

const PHISH = '[领取会员](https://evil.example/phish)';
const SCRIPT_LINK = '[x](javascript:alert(1))';
const IMAGE_COLUMN = '![t](https://evil.example/t.png)';
const HTML_COLUMN = '<img src=x onerror=alert(1)>';
const AUTOLINKS = ['www.evil.example', 'phish@evil.example'];

function csv(): Buffer {
  const lines = [`${IMAGE_COLUMN},组别,"${HTML_COLUMN}"`];
  for (let i = 0; i < 24; i++) lines.push(`${10 + (i % 6) + (i % 2 ? 3 : 0)},${i % 2 ? PHISH : SCRIPT_LINK},${AUTOLINKS[Math.floor(i / 2) % 2]}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

let t: TestApp;
let alice: string;
let fid: string;

beforeAll(async () => {
  t = await startTestApp();
  alice = (await register(t, '13800000031')).token;
  fid = (await uploadOk(t, alice, '[领取](evil.example).csv', csv()))._fid;
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { cookie: `Custom-Token=${token}` } : {} });

/** A page may link only to its own downloads and load no image at all; nothing runs from the data. */
function expectNoInjectedMarkup(html: string) {
  // Its own downloads, and on the owner's page the app's AI chat about this report (ids only).
  for (const [a] of html.matchAll(/<a\b[^>]*>/g)) expect(a).toMatch(/^<a href="(\/(reports|s)\/[^"]*|\/#\/tool\/detail\?toolId=\d+&amp;taskId=[0-9a-f]+&amp;ai=1)"/);
  expect(html).not.toMatch(/<img\b/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*["']?\s*javascript:/i);
  expect(html).not.toMatch(/<[^>]+\son\w+\s*=/i);
}

async function runTool(toolId: number, data: Record<string, unknown>): Promise<{ reportid: string; report: Report }> {
  const res = await t.app.inject({ method: 'POST', url: '/anatools/v2', payload: submitBody(fid, data, toolId), headers: { 'x-csrftoken': alice } });
  const body = res.json() as { code: number; msg: string; data: { reportid: string } };
  expect(body.code, body.msg).toBe(200);
  const report = (await get(`/reports/${body.data.reportid}/report.json`, alice)).json() as Report;
  return { reportid: body.data.reportid, report };
}

const conclusionsOf = (html: string) => [...html.matchAll(/<div class="text">([\s\S]*?)<\/div>/g)].map((m) => m[1]).join('');
const texts = (r: Report) => r.sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'text' ? [b.markdown] : [])));

describe.each([
  { tool: '独立样本t检验', toolId: 1003, data: { y: IMAGE_COLUMN, group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 } },
  { tool: '描述性统计', toolId: 1001, data: { vars: [IMAGE_COLUMN], group: '组别', level: 0.95, decimals: 2 } },
  { tool: '卡方检验', toolId: 1006, data: { row: '组别', col: HTML_COLUMN, correct: 'auto' } },
])('$tool on column names and values written as markdown', ({ toolId, data }) => {
  let reportid: string;
  let report: Report;
  let page: string;

  beforeAll(async () => {
    ({ reportid, report } = await runTool(toolId, data));
    const res = await get(`/reports/${reportid}`, alice);
    expect(res.statusCode).toBe(200);
    page = res.body;
  });

  it('writes the user’s text into its conclusions, escaped', () => {
    const all = texts(report).join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain('](https://evil.example');
    expect(all).not.toContain('](javascript:');
  });

  it('shows the text literally on the owner’s page, with no link, image or script from it', () => {
    expectNoInjectedMarkup(page);
    expect(conclusionsOf(page)).toContain(toolId === 1006 ? `“${HTML_COLUMN}”`.replace(/</g, '&lt;').replace(/>/g, '&gt;').slice(1, -1) : PHISH.slice(0, 8));
  });

  it('shows it the same way on the public share page', async () => {
    const link = (await t.call('POST', `/reports/${reportid}/share`, { token: alice })).body.data.path as string;
    const shared = await get(link);
    expect(shared.statusCode).toBe(200);
    expectNoInjectedMarkup(shared.body);
    expect(conclusionsOf(shared.body)).toBe(conclusionsOf(page));
  });

  it('puts no hyperlink into the Word document, and keeps the text', async () => {
    const href = /href="([^"]+)"[^>]*data-testid="download-docx"/.exec(page)![1]!;
    const res = await get(href, alice);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const doc = await zip.file('word/document.xml')!.async('string');
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(doc).not.toMatch(/<w:hyperlink|HYPERLINK/);
    expect(rels).not.toMatch(/TargetMode="External"|evil\.example|javascript:/);
    const words = [...doc.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    expect(words).toContain(toolId === 1006 ? HTML_COLUMN.replace(/</g, '&lt;').replace(/>/g, '&gt;') : PHISH);
    expect(words).not.toContain('\\[');
  });

  it('puts no hyperlink into the Excel workbook', async () => {
    const href = /href="([^"]+)"[^>]*data-testid="download-xlsx"/.exec(page)![1]!;
    const res = await get(href, alice);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    for (const name of Object.keys(zip.files)) {
      if (zip.files[name]!.dir) continue;
      const xml = await zip.file(name)!.async('string');
      expect(xml, name).not.toMatch(/<hyperlink\b|TargetMode="External"|HYPERLINK\(/);
    }
  });
});
