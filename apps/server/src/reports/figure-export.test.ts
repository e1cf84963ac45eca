// Every chart type of the catalogue to every export format (issue 21): the example report of each
// tool that draws, its charts as PNG and TIFF at 300/600 dpi (dpi metadata and pixel size), SVG
// (parses, Chinese text kept), PDF (one page, vector paths, the CJK font embedded) and PPTX (a zip
// with one slide per chart).
import zlib from 'node:zlib';
import { applyFigureOptions, DEFAULT_FIGURE_OPTIONS, FigureOptions, FIGURE_FONTS, mmToPx, PALETTES } from '@labstat/contracts';
import { TOOLS } from '@labstat/tools';
// The tools' own test helper (not part of the package's build): a tool's report on its example data.
import { exampleReport } from '../../../../packages/tools/src/example-report.js';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { charts } from '../jobs/export-job.js';
import { findChartFonts, pngInfo } from './chart-render.js';
import { figurePdf, figurePng, figureSvg, figureTiff, figuresPptx } from './figure-export.js';

const fonts = findChartFonts();
const fo = FigureOptions.parse({ palette: 'lancet', widthMm: 120, heightMm: 90 });

/** One chart of every tool that draws (its first), with the tool's key. */
const ALL = TOOLS.flatMap((t) => {
  const c = charts(exampleReport(t))[0];
  return c ? [{ key: t.definition.key, ...c }] : [];
});

function zipEntries(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

/** The first IFD's short/long tag values of a TIFF (either byte order). */
function tiffTags(buf: Buffer): Map<number, number> {
  const le = buf.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? buf.readUInt16LE(at) : buf.readUInt16BE(at));
  const u32 = (at: number) => (le ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const ifd = u32(4);
  const tags = new Map<number, number>();
  for (let i = 0; i < u16(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const type = u16(at + 2);
    if (type === 3) tags.set(u16(at), u16(at + 8));
    else if (type === 4) tags.set(u16(at), u32(at + 8));
  }
  return tags;
}

/** The PDF's page objects and the content of its streams (inflated). */
function pdfFacts(pdf: Buffer): { pages: number; content: string; raw: string } {
  const raw = pdf.toString('latin1');
  const pages = (raw.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  let content = '';
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    try {
      content += zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content += bytes.toString('latin1');
    }
  }
  return { pages, content, raw };
}

describe('figure exports', () => {
  it('applies the figure options: palette, theme, fonts, titles, legend, points, significance marks', () => {
    const base = {
      xAxis: { type: 'category', data: ['甲', '乙'] },
      yAxis: { type: 'value' },
      legend: {},
      series: [
        { type: 'scatter', name: '对照', data: [[0, 1]] },
        { type: 'bar', name: '试验', data: [1, 2] },
        { type: 'line', id: 'sig-brackets', data: [] },
      ],
    };
    const o = applyFigureOptions(base, FigureOptions.parse({ palette: 'nejm', theme: 'classic', font: 'arial', title: '图 1', xTitle: '组别', legend: 'right', labels: { 对照: '安慰剂' }, pointSize: 9, opacity: 0.5, sigMarks: false }), PALETTES, FIGURE_FONTS) as any;
    expect(o.color[0]).toBe('#BC3C29');
    expect(o.textStyle.fontFamily).toContain('Arial');
    expect(o.xAxis.splitLine.show).toBe(false);
    expect(o.xAxis.axisLine.show).toBe(true);
    expect(o.xAxis.axisTick.inside).toBe(false);
    expect(o.xAxis.name).toBe('组别');
    expect(o.title.text).toBe('图 1');
    expect(o.legend).toMatchObject({ show: true, orient: 'vertical' });
    expect(o.series.map((s: any) => s.name)).toEqual(['安慰剂', '试验']);
    expect(o.series[0]).toMatchObject({ symbolSize: 9, itemStyle: { opacity: 0.5 } });
    // A scatter series that only places labels (size 0) keeps its size: no dots under at-risk numbers.
    const labels = applyFigureOptions({ series: [{ type: 'scatter', symbolSize: 0, data: [[0, 1]] }] }, FigureOptions.parse({}), PALETTES, FIGURE_FONTS) as any;
    expect(labels.series[0].symbolSize).toBe(0);
    // Series coloured with the old default list take the chosen palette, in order.
    const legacy = applyFigureOptions({ series: [{ type: 'line', itemStyle: { color: '#409EFF' } }, { type: 'bar', itemStyle: { color: '#F56C6C33' } }] }, FigureOptions.parse({ palette: 'lancet' }), PALETTES, FIGURE_FONTS) as any;
    expect(legacy.series[0].itemStyle.color).toBe('#00468B');
    expect(legacy.series[1].itemStyle.color).toBe('#ED000033');
    // The input is not changed.
    expect(base.series).toHaveLength(3);
    // Graphic shapes (the Venn diagram) filled with Okabe–Ito colours take the chosen palette.
    const venn = applyFigureOptions({ graphic: [{ type: 'group', children: [{ type: 'circle', style: { fill: '#E69F00', stroke: '#56b4e9' } }, { type: 'text', style: { fill: '#222' } }] }] }, FigureOptions.parse({ palette: 'lancet' }), PALETTES, FIGURE_FONTS) as any;
    expect(venn.graphic[0].children[0].style).toMatchObject({ fill: '#00468B', stroke: '#ED0000' });
    expect(venn.graphic[0].children[1].style.fill).toBe('#222');
    const minimal = applyFigureOptions(base, FigureOptions.parse({ theme: 'minimal' }), PALETTES, FIGURE_FONTS) as any;
    expect(minimal.yAxis.splitLine.show).toBe(true);
    expect(minimal.color[0]).toBe('#E69F00');
  });

  it('adds no legend over the rows of a forest plot (rows are named on the axes)', () => {
    const forests = ['meta-binary', 'diagnostic-test', 'forest', 'cox-regression', 'logistic-regression'].map((key) => ALL.find((c) => c.key === key)!);
    for (const c of forests) {
      // A legend without `data` lists every series by name (ECharts): only an explicit empty list shows nothing.
      const o = applyFigureOptions(c.option, DEFAULT_FIGURE_OPTIONS, PALETTES, FIGURE_FONTS) as { legend?: { data?: unknown[]; show?: boolean } };
      expect(o.legend === undefined || o.legend.show === false || (Array.isArray(o.legend.data) && o.legend.data.length === 0), c.key).toBe(true);
    }
  });

  it(`draws every chart type (${ALL.length}) as SVG at the figure's size, with its Chinese text`, { timeout: 120_000 }, () => {
    expect(ALL.length).toBeGreaterThanOrEqual(10);
    for (const c of ALL) {
      const svg = figureSvg(c.option, fo);
      const parser = new SaxesParser();
      expect(() => parser.write(svg).close(), c.key).not.toThrow();
      expect(svg, c.key).toContain(`width="${mmToPx(120)}"`);
      expect(/[\u4e00-\u9fff]/.test(svg), `${c.key} has Chinese text`).toBe(true);
      // Every text takes the chosen font, graphic texts (notes, set and stage names) included.
      const other = [...figureSvg(c.option, { ...fo, font: 'arial' }).matchAll(/<text[^>]*>/g)].map((m) => m[0]).filter((t) => !t.includes('Arial'));
      expect(other, c.key).toEqual([]);
    }
  });

  it('writes PNG and LZW TIFF at 300 and 600 dpi with the pixel size the millimetres ask for', async () => {
    for (const c of ALL.slice(0, 6)) {
      for (const dpi of [300, 600]) {
        const png = pngInfo(figurePng(c.option, fo, fonts, dpi));
        expect(png.dpi, c.key).toBe(dpi);
        expect(Math.abs(png.width - Math.round((mmToPx(120) * dpi) / 96))).toBeLessThanOrEqual(1);
        const tiff = await figureTiff(c.option, fo, fonts, dpi);
        const meta = await sharp(tiff).metadata();
        expect(meta.format).toBe('tiff');
        expect(Math.round(meta.density!)).toBe(dpi);
        expect(meta.width).toBe(png.width);
        const tags = tiffTags(tiff);
        expect(tags.get(259), 'Compression: LZW').toBe(5);
        expect(tags.get(296), 'ResolutionUnit: inch').toBe(2);
      }
    }
  });

  // Every chart type with the CJK font embedded takes a while on two cores: a generous limit.
  it('writes a one-page vector PDF with the CJK font embedded, for every chart type', { timeout: 240_000 }, async () => {
    for (const c of ALL) {
      const pdf = await figurePdf(c.option, DEFAULT_FIGURE_OPTIONS, fonts, c.title);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const f = pdfFacts(pdf);
      expect(f.pages, c.key).toBe(1);
      // Vector: paths drawn with line/curve operators, no raster image.
      expect(f.content, c.key).toMatch(/\d l\b|\d c\b|\bre\b/);
      expect(f.raw).not.toContain('/Subtype /Image');
      if (fonts) expect(f.raw, c.key).toMatch(/\/FontFile[23]?|\/FontDescriptor/);
    }
  });

  it('writes a PPTX with one slide per chart', async () => {
    const picked = ALL.slice(0, 4);
    const pptx = await figuresPptx(picked, fo, fonts);
    const entries = await zipEntries(pptx);
    expect(entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e))).toHaveLength(picked.length);
    expect(entries.filter((e) => /^ppt\/media\//.test(e)).length).toBeGreaterThanOrEqual(picked.length);
  });
});
