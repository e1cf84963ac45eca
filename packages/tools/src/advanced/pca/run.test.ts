// PCA tool on the example (示例数据_量表条目.csv) against R: reference/dimension-a.R runs prcomp and
// psych::KMO / cortest.bartlett and writes reference/dimension-a.json. Tolerances: 1e-9 relative for
// eigenvalues, KMO and Bartlett (closed form); loadings and scores 1e-8 absolute (the table prints 3
// decimals, so those are compared through results and derivedData at 1e-3).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition, ITEMS_EXAMPLE } from './definition.js';
import { run } from './run.js';

const R = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../reference/dimension-a.json'), 'utf8'));
const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'scale-items')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams };
const close = (got: unknown, want: number, label: string, rel = 1e-9, abs = 1e-12) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));
};

/** A table with extra columns replaced, for bad-input tests. */
function withColumns(base: DataTable, cols: Record<string, Array<number | null>>): DataTable {
  const names = Object.keys(cols);
  return {
    rows: base.rows,
    variables: [...base.variables.filter((v) => !names.includes(v.name)), ...names.map((name) => ({ ...base.variables[4]!, name }))],
    numeric: (n) => (n in cols ? cols[n]! : base.numeric(n)),
    text: (n) => (n in cols ? cols[n]!.map((v) => (v === null ? null : String(v))) : base.text(n)),
  };
}

describe('PCA tool on the questionnaire example', () => {
  const out = run(table, example);

  it('KMO, Bartlett, eigenvalues and the Kaiser count equal R', () => {
    expect(out.results.n).toBe(R.n);
    expect(out.results.excluded).toBe(3);
    close(out.results.kmo, R.kmo, 'KMO');
    close(out.results.bartlettChi2, R.bartlett, 'Bartlett');
    R.pcaEigen.forEach((v: number, i: number) => close(out.results[`eigenvalue.${i + 1}`], v, `eigenvalue ${i + 1}`));
    expect(out.results.components).toBe(R.nfactKaiser);
  });

  it('loadings table and the saved standardised scores equal prcomp', () => {
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表3'));
    expect(t?.type).toBe('table');
    if (t?.type !== 'table') return;
    t.rows.forEach((row, i) => R.pcaLoadings[i].forEach((v: number, j: number) => close(row[j + 1], v, `loading ${i},${j}`, 0, 5e-4)));
    const dd = out.derivedData!;
    expect(dd.suffix).toBe('_主成分得分');
    expect(dd.rows.length).toBe(R.n);
    expect(dd.rows.slice(0, 3)).toEqual([0, 1, 2]);
    expect(dd.rows).not.toContain(16); // row 17 lacks 情绪耗竭2
    expect(dd.columns.map((c) => c.name)).toEqual(['主成分1得分', '主成分2得分', '主成分3得分']);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) close(dd.columns[j]!.values[i], R.pcaScores[i][j], `score ${i},${j}`, 0, 1e-8);
    const m = dd.columns[0]!.values as number[];
    close(m.reduce((s, v) => s + v * v, 0) / (m.length - 1), 1, 'standardised variance', 1e-10);
  });

  it('covariance matrix and raw scores, a fixed number of components', () => {
    const cov = run(table, { ...example, matrix: 'covariance', components: 2, scores: 'raw' });
    R.covEigen.forEach((v: number, i: number) => close(cov.results[`eigenvalue.${i + 1}`], v, `cov eigenvalue ${i + 1}`));
    expect(cov.derivedData!.columns.length).toBe(2);
    const s = cov.derivedData!.columns[0]!.values as number[];
    close(s.reduce((a, v) => a + v * v, 0) / (s.length - 1), R.covEigen[0], 'raw score variance = eigenvalue', 1e-9);
  });

  it('one component: no biplot, one score column', () => {
    const one = run(table, { ...example, components: 1 });
    expect(one.derivedData!.columns.length).toBe(1);
    expect(one.sections.flatMap((s) => s.blocks).some((b) => b.type === 'chart' && b.title.includes('双标图'))).toBe(false);
  });

  it('writes an R script with the chosen items', () => {
    const script = rScript('pca', example, 'data.csv')!;
    expect(script).toContain('prcomp(X, scale. = TRUE)');
    for (const v of ITEMS_EXAMPLE) expect(script).toContain(v);
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...example, vars: ['情绪耗竭1', '情绪耗竭2'] })).toThrow(/至少需要选择 3 个/);
    expect(() => run(withColumns(table, { 常数: Array(table.rows).fill(3) }), { ...example, vars: [...ITEMS_EXAMPLE, '常数'] })).toThrow(/“常数”的取值全部相同/);
    const few = table.numeric('年龄').map((v, i) => (i < 10 ? v : null));
    expect(() => run(withColumns(table, { 少数: few }), { ...example, vars: [...ITEMS_EXAMPLE, '少数'] })).toThrow(/完整观测数（10）须多于变量数（16）/);
    const total = table.numeric('情绪耗竭1').map((v, i) => (v === null || table.numeric('情绪耗竭3')[i] === null ? null : v + table.numeric('情绪耗竭3')[i]!));
    expect(() => run(withColumns(table, { 合计: total }), { ...example, vars: [...ITEMS_EXAMPLE, '合计'] })).toThrow(ToolInputError);
    expect(() => run(withColumns(table, { 合计: total }), { ...example, vars: [...ITEMS_EXAMPLE, '合计'] })).toThrow(/相关矩阵奇异/);
    expect(() => run(table, { ...example, components: 16 })).toThrow(/不能多于变量数/);
  });
});
