// 判别分析 tool on its example (示例数据_糖尿病诊断分组.csv) against R: reference/discriminant.R runs MASS::lda,
// predict.lda, lda(CV = TRUE) and the Wilks' lambda tests and writes reference/discriminant.json.
// Tolerances: 1e-8 relative for eigenvalues, Wilks' Λ, χ², P and scores (closed form); the printed
// coefficients (4 decimals) 5e-5 absolute; classifications and accuracies exactly.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { closeTo, exampleSetup, readReference, tableOf } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const R = readReference('discriminant.json');
const { table, example } = exampleSetup(definition);
const close = closeTo(1e-8, 1e-300);
const blocks = (out: ReturnType<typeof run>) => out.sections.flatMap((s) => s.blocks);

/** The table with extra columns added or replaced, for bad-input tests. */
function withColumns(base: DataTable, cols: Record<string, Array<number | string | null>>): DataTable {
  const names = Object.keys(cols);
  const template = base.variables.find((v) => v.name === '空腹血糖')!;
  return {
    rows: base.rows,
    variables: [...base.variables.filter((v) => !names.includes(v.name)), ...names.map((name) => ({ ...template, name }))],
    numeric: (n) => (n in cols ? cols[n]!.map((v) => (typeof v === 'number' ? v : null)) : base.numeric(n)),
    text: (n) => (n in cols ? cols[n]!.map((v) => (v === null ? null : String(v))) : base.text(n)),
  };
}

describe('判别分析 on the diabetes example', () => {
  for (const prior of ['proportional', 'equal'] as const) {
    it(`${prior} priors: functions, tests, coefficients, classification and scores equal MASS::lda`, () => {
      const out = run(table, { ...example, prior });
      const ref = R[prior];
      expect(out.results.n).toBe(R.n);
      expect(out.results.excluded).toBe(2);
      expect(out.results.functions).toBe(2);
      ref.eigenvalue.forEach((_: number, k: number) => {
        for (const key of ['eigenvalue', 'canonicalCorrelation', 'wilks', 'p'] as const) close(out.results[`${key === 'p' ? 'p' : key}.${k + 1}`], ref[key][k], `${key} ${k + 1}`);
        close(out.results[`chi2.${k + 1}`], ref.chi2[k], `chi2 ${k + 1}`);
        expect(out.results[`df.${k + 1}`]).toBe(ref.df[k]);
        close(out.results[`proportionOfTrace.${k + 1}`], ref.proportionOfTrace[k], `trace ${k + 1}`);
      });
      expect(out.results.accuracy).toBeCloseTo(ref.accuracy, 12);
      expect(out.results.cvAccuracy).toBeCloseTo(ref.cvAccuracy, 12);

      const t1 = tableOf(out, '表1');
      expect(t1.rows.slice(0, 3).map((r) => r[0])).toEqual(R.levels);
      t1.rows.slice(0, 3).forEach((row, k) => R.means[k].forEach((v: number, j: number) => close(row[j + 3], v, `mean ${k},${j}`, 0, 5e-4)));
      const t3 = tableOf(out, '表3');
      t3.rows.forEach((row, j) => {
        ref.scaling[j].forEach((v: number, l: number) => close(row[1 + l], v, `coef ${j},${l}`, 0, 5e-5));
        ref.standardized[j].forEach((v: number, l: number) => close(row[3 + l], v, `std coef ${j},${l}`, 0, 5e-5));
      });
      const t4 = tableOf(out, '表4');
      const g = R.levels.length;
      t4.rows.slice(0, g).forEach((row, k) => expect(row.slice(2, 2 + g)).toEqual(ref.confusion[k]));
      t4.rows.slice(g).forEach((row, k) => expect(row.slice(2, 2 + g)).toEqual(ref.cvConfusion[k]));

      const dd = out.derivedData!;
      expect(dd.suffix).toBe('_判别得分');
      expect(dd.rows).toEqual(ref.rows);
      expect(dd.columns.map((c) => c.name)).toEqual(['判别函数1得分', '判别函数2得分', '预测分组', '留一法预测分组']);
      for (let i = 0; i < 5; i++) for (let j = 0; j < 2; j++) close(dd.columns[j]!.values[i], ref.scores[i][j], `score ${i},${j}`, 1e-8, 1e-10);
      expect(dd.columns[2]!.values).toEqual(ref.predicted);
      expect(dd.columns[3]!.values).toEqual(ref.cvPredicted);
      expect(blocks(out).some((b) => b.type === 'chart' && b.title.startsWith('图1 判别得分散点图'))).toBe(true);
    });
  }

  it('two groups: one function and a box plot of its scores', () => {
    const two = table.text('分组').map((v) => (v === '2型糖尿病' ? null : v));
    const out = run(withColumns(table, { 两组: two }), { ...example, group: '两组' });
    expect(out.results.groups).toBe(2);
    expect(out.results.functions).toBe(1);
    expect(out.derivedData!.columns.length).toBe(3);
    expect(blocks(out).some((b) => b.type === 'chart' && b.title.startsWith('图1 各组的判别函数1得分'))).toBe(true);
  });

  it('writes an R script with lda and the chosen columns', () => {
    const script = rScript('discriminant', example, 'data.csv')!;
    expect(script).toContain('lda(X, g, prior = pr, CV = TRUE)');
    for (const v of ['分组', '空腹血糖', '腰围']) expect(script).toContain(v);
    expect(rScript('discriminant', { ...example, prior: 'equal' }, 'data.csv')!).toContain('rep(1 / k, k)');
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...example, group: '' })).toThrow(/请选择分组变量/);
    expect(() => run(withColumns(table, { 常数: Array(table.rows).fill(3) }), { ...example, vars: [...(example.vars as string[]), '常数'] })).toThrow(/“常数”在所有观测中取值相同/);
    const g = table.text('分组');
    const within = g.map((v) => (v === '糖尿病前期' ? 1 : v === '糖耐量正常' ? 2 : 3));
    expect(() => run(withColumns(table, { 组码: within }), { ...example, vars: [...(example.vars as string[]), '组码'] })).toThrow(/“组码”在各组内取值恒定/);
    const a = table.numeric('空腹血糖');
    const b = table.numeric('腰围');
    const sum = a.map((v, i) => (v === null || b[i] === null ? null : v + b[i]!));
    expect(() => run(withColumns(table, { 合计: sum }), { ...example, vars: [...(example.vars as string[]), '合计'] })).toThrow(/完全共线性/);
    const lone = g.map((v, i) => (i === 0 ? '单独一人' : v));
    expect(() => run(withColumns(table, { 分组2: lone }), { ...example, group: '分组2' })).toThrow(/“单独一人”组完整观测少于 2 例/);
    expect(() => run(withColumns(table, { 一组: Array(table.rows).fill('甲') }), { ...example, group: '一组' })).toThrow(ToolInputError);
    const seen = new Map<string, number>();
    const few = a.map((v, i) => {
      const k = g[i] ?? '';
      seen.set(k, (seen.get(k) ?? 0) + 1);
      return seen.get(k)! <= 2 && table.numeric('BMI')[i] !== null && table.numeric('甘油三酯')[i] !== null ? v : null;
    });
    expect(() => run(withColumns(table, { 少数: few }), { ...example, vars: [...(example.vars as string[]), '少数'] })).toThrow(/须多于判别指标数与组数之和减 1/);
  });
});
