// 典型相关 tool on its example (示例数据_体格与体能.csv) against R: reference/canonical.R runs cancor and the
// Wilks' lambda tests, loadings and redundancy, and writes reference/canonical.json. Tolerances: 1e-8
// relative for correlations, Λ, χ², P, redundancy and scores (closed form); printed coefficients and
// loadings to their printed precision (half a unit in the last place).
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { closeTo, exampleSetup, readReference, tableOf } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const R = readReference('canonical.json');
const { table, example } = exampleSetup(definition);
const close = closeTo(1e-8, 1e-300);

function withColumns(base: DataTable, cols: Record<string, Array<number | null>>): DataTable {
  const names = Object.keys(cols);
  const template = base.variables.find((v) => v.name === '身高')!;
  return {
    rows: base.rows,
    variables: [...base.variables.filter((v) => !names.includes(v.name)), ...names.map((name) => ({ ...template, name }))],
    numeric: (n) => (n in cols ? cols[n]! : base.numeric(n)),
    text: (n) => (n in cols ? cols[n]!.map((v) => (v === null ? null : String(v))) : base.text(n)),
  };
}

describe('典型相关 on the body-size and fitness example', () => {
  const out = run(table, example);

  it('canonical correlations and Wilks tests equal R', () => {
    expect(out.results.n).toBe(R.n);
    expect(out.results.excluded).toBe(2);
    expect(out.results.pairs).toBe(4);
    R.cor.forEach((v: number, k: number) => {
      close(out.results[`cor.${k + 1}`], v, `r ${k + 1}`);
      close(out.results[`wilks.${k + 1}`], R.wilks[k], `wilks ${k + 1}`);
      close(out.results[`chi2.${k + 1}`], R.chi2[k], `chi2 ${k + 1}`);
      expect(out.results[`df.${k + 1}`]).toBe(R.df[k]);
      close(out.results[`p.${k + 1}`], R.p[k], `p ${k + 1}`, 1e-6);
    });
    close(out.results.xRedundancy, R.xred, 'X redundancy');
    close(out.results.yRedundancy, R.yred, 'Y redundancy');
    expect(out.results.significantPairs).toBe(R.p.filter((v: number) => v < 0.05).length);
  });

  it('coefficients, loadings and saved scores equal cancor', () => {
    const t2 = tableOf(out, '表2');
    const t3 = tableOf(out, '表3');
    const s = R.cor.length;
    t2.rows.forEach((row, i) => {
      const std = i < 4 ? R.xstd[i] : R.ystd[i - 4];
      const raw = i < 4 ? R.xcoef[i] : R.ycoef[i - 4];
      std.forEach((v: number, j: number) => close(row[2 + j], v, `std ${i},${j}`, 0, 5e-5));
      raw.forEach((v: number, j: number) => close(row[2 + s + j], v, `raw ${i},${j}`, 0, 5e-7));
    });
    t3.rows.forEach((row, i) => {
      const own = i < 4 ? R.xload[i] : R.yload[i - 4];
      const other = i < 4 ? R.xcross[i] : R.ycross[i - 4];
      own.forEach((v: number, j: number) => close(row[2 + j], v, `load ${i},${j}`, 0, 5e-4));
      other.forEach((v: number, j: number) => close(row[2 + s + j], v, `cross ${i},${j}`, 0, 5e-4));
    });
    const dd = out.derivedData!;
    expect(dd.suffix).toBe('_典型变量得分');
    expect(dd.rows).toEqual(R.rows);
    expect(dd.columns.map((c) => c.name)).toEqual(['X典型变量1', 'X典型变量2', 'X典型变量3', 'X典型变量4', 'Y典型变量1', 'Y典型变量2', 'Y典型变量3', 'Y典型变量4']);
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < s; j++) {
        close(dd.columns[j]!.values[i], R.U[i][j], `U ${i},${j}`, 1e-8, 1e-10);
        close(dd.columns[s + j]!.values[i], R.V[i][j], `V ${i},${j}`, 1e-8, 1e-10);
      }
  });

  it('writes an R script with cancor and both sets', () => {
    const script = rScript('canonical-correlation', example, 'data.csv')!;
    expect(script).toContain('cancor(X, Y)');
    for (const v of ['身高', '1000米跑']) expect(script).toContain(v);
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...example, yvars: [] })).toThrow(/各至少选择 1 个/);
    expect(() => run(table, { ...example, yvars: ['身高', '握力'] })).toThrow(/“身高”同时出现在两组中/);
    expect(() => run(withColumns(table, { 常数: Array(table.rows).fill(1) }), { ...example, xvars: ['身高', '常数'] })).toThrow(/“常数”在所有完整观测中取值相同/);
    const h = table.numeric('身高');
    const w = table.numeric('体重');
    const sum = h.map((v, i) => (v === null || w[i] === null ? null : v + w[i]!));
    expect(() => run(withColumns(table, { 合计: sum }), { ...example, xvars: ['身高', '体重', '合计'] })).toThrow(/第一组变量“身高”、“体重”、“合计”之间存在完全共线性/);
    const few = h.map((v, i) => (i < 6 ? v : null));
    expect(() => run(withColumns(table, { 少数: few }), { ...example, xvars: ['少数', '体重'] })).toThrow(ToolInputError);
    expect(() => run(withColumns(table, { 少数: few }), { ...example, xvars: ['少数', '体重'] })).toThrow(/须多于两组变量数之和/);
  });
});
