// Forest plots at a small export size (issue 21): at 120 × 80 mm a 20-study meta-analysis and a
// 20-row forest plot must still label every row, each label at least one font height from the next
// and inside the figure — the rows share the figure's height, fitted when the size is applied.
import { FigureOptions, mmToPx } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
// The tools' run functions themselves (not the package's registry): the charts as the reports hold them.
import { definition as metaContinuousDef } from '../../../../packages/tools/src/med/meta-continuous/definition.js';
import { run as metaContinuous } from '../../../../packages/tools/src/med/meta-continuous/run.js';
import { run as metaBinary } from '../../../../packages/tools/src/med/meta-binary/run.js';
import { exampleReport } from '../../../../packages/tools/src/example-report.js';
import type { DataTable } from '../../../../packages/tools/src/tool.js';
import { run as forest } from '../../../../packages/tools/src/visual/forest/run.js';
import { figureSvg } from './figure-export.js';

const K = 20;
const names = Array.from({ length: K }, (_, i) => `研究${String.fromCharCode(65 + i)}（${2000 + i}）`);

function tableOf(columns: Record<string, number[]>, label: string): DataTable {
  const v = (name: string, type: 'numeric' | 'text') => ({ name, type, valid: K, missing: 0, distinct: K, min: null, max: null, mean: null, levels: [] });
  return {
    rows: K,
    variables: [v(label, 'text'), ...Object.keys(columns).map((c) => v(c, 'numeric'))],
    numeric: (n) => columns[n]!,
    text: () => names,
  };
}

/** Every <text> of an SVG with its font size and position (ECharts writes them as translate(x y)). */
function texts(svg: string): Array<{ text: string; size: number; x: number; y: number }> {
  const out: Array<{ text: string; size: number; x: number; y: number }> = [];
  for (const m of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const size = /font-size:([\d.]+)px/.exec(m[1]!);
    const at = /transform="translate\(([-\d.]+)[ ,]([-\d.]+)\)"/.exec(m[1]!);
    if (size && at) out.push({ text: m[2]!, size: Number(size[1]), x: Number(at[1]), y: Number(at[2]) });
  }
  return out;
}

/** The row labels are all drawn, in order, one font height or more apart, and inside the figure. */
function expectReadableRows(svg: string, labels: readonly string[], heightPx: number) {
  const all = texts(svg);
  const rows = labels.map((l) => all.find((t) => t.text === l));
  expect(rows.filter((r) => r === undefined).length, 'row labels missing from the figure').toBe(0);
  const ys = rows.map((r) => r!.y);
  for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!, `“${labels[i]}” against the row above`).toBeGreaterThanOrEqual(rows[i]!.size);
  for (const r of rows) {
    expect(r!.y - r!.size / 2).toBeGreaterThanOrEqual(0);
    expect(r!.y + r!.size / 2).toBeLessThanOrEqual(heightPx);
    expect(r!.size).toBeGreaterThanOrEqual(6);
  }
  return rows.map((r) => r!);
}

const chartOf = (out: ReturnType<typeof forest>) => {
  const c = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart');
  if (c?.type !== 'chart') throw new Error('no chart');
  return c.option;
};

describe('forest plots follow the figure size', () => {
  const small = FigureOptions.parse({ widthMm: 120, heightMm: 80 });

  it('a 20-study meta-analysis forest plot at 120 × 80 mm labels every study without overlap', () => {
    const out = metaBinary(
      tableOf(
        {
          e1: names.map((_, i) => 5 + ((i * 7) % 13)),
          n1: names.map((_, i) => 60 + ((i * 11) % 50)),
          e2: names.map((_, i) => 9 + ((i * 5) % 11)),
          n2: names.map((_, i) => 62 + ((i * 13) % 45)),
        },
        '研究',
      ),
      { study: '研究', e1: 'e1', n1: 'n1', e2: 'e2', n2: 'n2' },
    );
    const svg = figureSvg(chartOf(out), small);
    const rows = expectReadableRows(svg, names, mmToPx(80));
    // The pooled rows below the studies are drawn too, below the last study.
    const pooled = texts(svg).find((t) => t.text.startsWith('随机效应'));
    expect(pooled!.y).toBeGreaterThan(rows[K - 1]!.y);
    expect(pooled!.y).toBeLessThanOrEqual(mmToPx(80));
  });

  it('a 20-row forest plot at 120 × 80 mm labels every row on both sides without overlap', () => {
    const est = names.map((_, i) => 0.5 + (i % 7) * 0.2);
    const out = forest(tableOf({ est, lo: est.map((e) => e * 0.7), hi: est.map((e) => e * 1.4) }, '名称'), { label: '名称', estimate: 'est', lower: 'lo', upper: 'hi', measure: 'OR' });
    const svg = figureSvg(chartOf(out), small);
    const left = expectReadableRows(svg, names, mmToPx(80));
    // The numbers on the right: one per row, level with its label.
    const right = texts(svg).filter((t) => /^\d+\.\d+ \(/.test(t.text));
    expect(right).toHaveLength(K);
    right.sort((a, b) => a.y - b.y).forEach((t, i) => expect(Math.abs(t.y - left[i]!.y)).toBeLessThan(1));
  });

  it('leaves the plot room across when the labels are long (the meta-analysis example at 120 × 80 mm)', () => {
    const report = exampleReport({ definition: metaContinuousDef, run: metaContinuous });
    const chart = report.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart');
    if (chart?.type !== 'chart') throw new Error('no chart');
    const svg = figureSvg(chart.option, small);
    const all = texts(svg);
    const numbers = all.filter((t) => /^-?\d+\.\d+ \[/.test(t.text));
    const studies = all.filter((t) => /^[A-Z][a-z]+(-[A-Z][a-z]+)?$/.test(t.text) && t.x < numbers[0]!.x);
    expect(studies.length).toBeGreaterThanOrEqual(9);
    expect(numbers.length).toBeGreaterThanOrEqual(9);
    // Study names end (text-anchor end) left of where the numbers start, with the plot between them,
    // and the numbers (about 0.55 em a character) end inside the figure.
    const leftEnd = Math.max(...studies.map((t) => t.x));
    const rightStart = Math.min(...numbers.map((t) => t.x));
    expect(rightStart - leftEnd).toBeGreaterThan(0.35 * mmToPx(120));
    for (const t of numbers) expect(t.x + 0.55 * t.size * t.text.length).toBeLessThanOrEqual(mmToPx(120));
  });

  it('keeps the chosen font size when the rows have room', () => {
    const out = forest(tableOf({ est: names.map(() => 1.2), lo: names.map(() => 0.9), hi: names.map(() => 1.6) }, '名称'), { label: '名称', estimate: 'est', lower: 'lo', upper: 'hi', measure: 'OR' });
    const tall = FigureOptions.parse({ widthMm: 160, heightMm: 250, fontSize: 11 });
    const rows = expectReadableRows(figureSvg(chartOf(out), tall), names, mmToPx(250));
    expect(rows.every((r) => r.size === 11)).toBe(true);
  });
});
