import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'mosaic')!.file);
const params = { x: 'Lauren分型', y: 'TNM分期', weight: '', xOrder: '', yOrder: '', shade: 'residual' };
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b) + 1e-15);
type Out = ReturnType<typeof run>;
type Area = [{ coord: [number, number]; label: { formatter: string } }, { coord: [number, number] }];
type Series = { type: string; name: string; markArea?: { itemStyle: { color?: string }; data: Area[] } };
const seriesOf = (out: Out) => {
  const chart = out.sections[0]!.blocks[0]!;
  if (chart.type !== 'chart') throw new Error('chart expected');
  return (chart.option as { series: Series[] }).series;
};
type Fixture = typeof fixture.main;

function checkAgainstR(out: Out, r: Fixture) {
  expect(out.results.n).toBe(r.n);
  close(out.results.statistic, r.statistic);
  expect(out.results.df).toBe(r.df);
  close(out.results.p, r.p, 1e-7);
  close(out.results.cramersV, r.cramersV);
  close(out.results.minExpected, r.minExpected);
  r.yLevels.forEach((y, i) => r.xLevels.forEach((x, j) => close(out.results[`residual.${y}.${x}`], r.residuals[i]![j]!)));
  r.xLevels.forEach((x, j) => close(out.results[`width.${x}`], r.widths[j]!));
}

/** A DataTable of text columns and numeric ones, for the weighted case. */
function tableFrom(cols: Record<string, string[]>, numeric: Record<string, number[]>): DataTable {
  const names = [...Object.keys(cols), ...Object.keys(numeric)];
  const rows = Object.values(cols)[0]!.length;
  const variables: VariableInfo[] = names.map((name) => ({ name, type: name in numeric ? 'numeric' : 'categorical', valid: rows, missing: 0, distinct: 0, min: null, max: null, mean: null, levels: [] }));
  return { rows, variables, text: (n) => cols[n] ?? numeric[n]!.map(String), numeric: (n) => numeric[n] ?? cols[n]!.map(() => null) };
}

// Reference values: r-fixture.R (chisq.test(correct = FALSE): statistic, residuals, stdres).
describe('马赛克图 on the example, against R', () => {
  it('computes the table, χ² and Pearson residuals as chisq.test', () => {
    const out = run(table, params);
    checkAgainstR(out, fixture.main);
    expect(out.results.excluded).toBe(table.rows - fixture.main.n);
    const counts = out.sections[1]!.blocks[0]!;
    if (counts.type !== 'table') throw new Error('table expected');
    expect(counts.rows.slice(0, -1).map((r) => r.slice(1, -1))).toEqual(fixture.main.counts);
    const resid = out.sections[1]!.blocks[2]!;
    if (resid.type !== 'table') throw new Error('table expected');
    expect(resid.rows.map((r) => r.slice(4))).toEqual(fixture.main.stdres.map((row) => row.map((v) => Number(v.toFixed(2)))));
  });

  it('draws one rectangle per cell, shaded by the residual class, widths and heights from the table', () => {
    const out = run(table, params);
    const r = fixture.main;
    const areas = seriesOf(out).filter((s) => s.markArea);
    expect(areas.map((s) => s.name)).toEqual(['残差 > 4', '残差 2 ~ 4', '残差 −2 ~ 2', '残差 −4 ~ −2', '残差 < −4']);
    expect(areas.flatMap((s) => s.markArea!.data).length).toBe(r.xLevels.length * r.yLevels.length);
    // Each rectangle sits in the class of its residual, and its area is its share of all cases.
    const cls = (v: number) => (v > 4 ? 0 : v > 2 ? 1 : v >= -2 ? 2 : v >= -4 ? 3 : 4);
    r.yLevels.forEach((_, i) =>
      r.xLevels.forEach((_, j) => {
        const count = r.counts[i]![j]!;
        const k = cls(r.residuals[i]![j]!);
        const hit = areas[k]!.markArea!.data.find((a) => a[0].label.formatter === String(count) && Math.abs((a[1].coord[0] - a[0].coord[0]) - r.widths[j]!) < 1e-6);
        expect(hit, `${i},${j}`).toBeDefined();
        const [[x0, y0], [x1, y1]] = [hit![0].coord, hit![1].coord];
        expect(Math.abs((x1 - x0) * (y1 - y0) - count / r.n)).toBeLessThan(1e-6);
      }),
    );
  });

  it('agrees with R on a 2×2 table, also from frequencies', () => {
    checkAgainstR(run(table, { ...params, x: '性别', y: '幽门螺杆菌' }), fixture.twoByTwo);
    const t = fixture.twoByTwo;
    const cells = t.yLevels.flatMap((y, i) => t.xLevels.map((x, j) => ({ y, x, n: t.counts[i]![j]! })));
    const w = tableFrom({ hp: cells.map((c) => c.y), sex: cells.map((c) => c.x) }, { n: cells.map((c) => c.n) });
    const out = run(w, { x: 'sex', y: 'hp', weight: 'n' });
    close(out.results.statistic, t.statistic);
    close(out.results.p, t.p, 1e-7);
  });

  it('follows the given order and colours by category when asked', () => {
    const out = run(table, { ...params, yOrder: 'IV期, III期', shade: 'category' });
    const areas = seriesOf(out).filter((s) => s.markArea);
    expect(areas.map((s) => s.name)).toEqual(['IV期', 'III期', 'I期', 'II期']);
    // Palette colours come from the figure options: none is set here.
    expect(areas.every((s) => s.markArea!.itemStyle.color === undefined)).toBe(true);
    close(out.results.statistic, fixture.main.statistic);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...params, y: '' })).toThrow('请选择横向变量和纵向变量');
    expect(() => run(table, { ...params, y: 'Lauren分型' })).toThrow('不能是同一列');
    expect(() => run(table, { ...params, y: '不存在' })).toThrow('数据中没有变量“不存在”');
    expect(() => run(table, { ...params, y: '病例号' })).toThrow('最多 12 个');
    expect(() => run(table, { ...params, yOrder: 'V期' })).toThrow('中没有取值“V期”');
    const one = tableFrom({ a: ['x', 'x'], b: ['u', 'v'] }, { n: [3, 4] });
    expect(() => run(one, { x: 'a', y: 'b' })).toThrow('至少 2 个类别');
    const neg = tableFrom({ a: ['x', 'y'], b: ['u', 'v'] }, { n: [3, -1] });
    expect(() => run(neg, { x: 'a', y: 'b', weight: 'n' })).toThrow('频数须为非负整数');
  });
});
