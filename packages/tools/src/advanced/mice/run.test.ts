// 多重插补 MICE on its example against packages/stats/fixtures/make-advanced-b.R (mice 3.x, m = 5,
// maxit = 10, pmm/logreg). MICE's random draws differ from R's, so: Rubin pooling is checked exactly
// on R's own five completed data sets (1e-8); our imputations are checked for reproducibility and
// their pooled estimates against R's within Monte-Carlo error (half a pooled SE); then the new data
// file and the refusals.
import { describe, expect, it } from 'vitest';
import type { Params } from '../../tool.js';
import { exampleSetup, nearTo, readStatsFixture } from '../run-test-setup.js';
import { definition } from './definition.js';
import { fitAndPool, run } from './run.js';

const R = readStatsFixture('advanced-b.json').mice;
const table = exampleSetup(definition).table;
const base: Params = { ...definition.exampleParams, m: 5, iterations: 10, seed: 2023, donors: 5, predictors: [] };
const close = nearTo(1e-8);
// R's model sbp ~ age + sex + bmi + smoke + glu, in R's term order.
const R_ORDER = ['年龄', '性别', 'BMI', '吸烟', '空腹血糖(mmol/L)'];
const TYPES: Record<string, 'numeric' | 'categorical'> = { 年龄: 'numeric', 性别: 'categorical', BMI: 'numeric', 吸烟: 'categorical', '空腹血糖(mmol/L)': 'numeric' };

describe('多重插补 MICE', () => {
  it("pools R's completed data sets exactly as mice::pool (linear and logistic)", () => {
    const sets = R.sets.map((s: any) => ({
      年龄: table.numeric('年龄'),
      性别: table.text('性别'),
      BMI: s.bmi,
      吸烟: s.smoke,
      '收缩压(mmHg)': s.sbp,
      '空腹血糖(mmol/L)': s.glu,
    }));
    const lin = fitAndPool(sets, { y: '收缩压(mmHg)', model: 'linear', predictors: R_ORDER.map((name) => ({ name, values: [], type: TYPES[name]! })) });
    expect(lin.dfComplete).toBe(R.dfcom);
    lin.pooled.forEach((p, j) => {
      close(p.estimate, R.estimate[j], `estimate ${p.term}`);
      close(p.se, R.se[j], `se ${p.term}`);
      close(p.within, R.ubar[j], `ubar ${p.term}`);
      close(p.between, R.b[j], `b ${p.term}`);
      close(p.df, R.df[j], `df ${p.term}`, 1e-7);
      close(p.pValue, R.p[j], `p ${p.term}`, 1e-7);
      close(p.ci[0], R.lower[j], `lower ${p.term}`, 1e-7);
      close(p.ci[1], R.upper[j], `upper ${p.term}`, 1e-7);
      close(p.fmi, R.fmi[j], `fmi ${p.term}`, 1e-7);
    });
    const lg = fitAndPool(sets, { y: '吸烟', model: 'logistic', predictors: ['年龄', '性别', 'BMI', '空腹血糖(mmol/L)'].map((name) => ({ name, values: [], type: TYPES[name]! })) });
    lg.pooled.forEach((p, j) => {
      close(p.estimate, R.logistic.estimate[j], `logistic estimate ${p.term}`, 1e-6);
      close(p.se, R.logistic.se[j], `logistic se ${p.term}`, 1e-6);
      close(p.df, R.logistic.df[j], `logistic df ${p.term}`, 1e-5);
      close(p.pValue, R.logistic.p[j], `logistic p ${p.term}`, 1e-5);
    });
  });

  it('imputes repeatably by seed; pooled estimates agree with R’s mice within Monte-Carlo error', () => {
    const out = run(table, base);
    const again = run(table, base);
    expect(again.results).toEqual(out.results);
    expect(again.derivedData).toEqual(out.derivedData);
    const other = run(table, { ...base, seed: 7 });
    expect(other.results['b.BMI']).not.toBe(out.results['b.BMI']);
    const r = out.results;
    expect(r.completeCases).toBe(R.completeCase.n);
    expect(r['method.BMI']).toBe('pmm');
    expect(r['method.吸烟']).toBe('logreg');
    const ourTerm = ['(Intercept)', '年龄', '性别男', 'BMI', '吸烟是', '空腹血糖(mmol/L)'];
    ourTerm.forEach((t, j) => {
      expect(Math.abs((r[`b.${t}`] as number) - R.estimate[j]), `${t}: ${String(r[`b.${t}`])} vs R ${R.estimate[j]} (SE ${R.se[j]})`).toBeLessThan(0.5 * R.se[j]);
      // The complete-case column is the plain lm on the 187 complete rows.
      close(r[`bComplete.${t}`], R.completeCase.estimate[j], `complete-case ${t}`, 1e-9);
    });
  });

  it('saves the m completed sets stacked with .imp; observed values untouched, gaps filled with observed values', () => {
    const out = run(table, { ...base, model: 'none', y: '' });
    const d = out.derivedData!;
    expect(d.rows).toHaveLength(5 * table.rows);
    expect(d.columns.map((c) => c.name)).toEqual(['.imp', 'BMI_插补', '收缩压(mmHg)_插补', '空腹血糖(mmol/L)_插补', '吸烟_插补']);
    const bmi = table.numeric('BMI');
    const observed = new Set(bmi.filter((v) => v !== null));
    const col = d.columns[1]!.values;
    d.rows.forEach((row, k) => {
      expect(col[k]).not.toBeNull();
      if (bmi[row] !== null) expect(col[k]).toBe(bmi[row]);
      else expect(observed.has(col[k] as number)).toBe(true);
    });
    expect(new Set(d.columns[0]!.values)).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(d.columns[4]!.values)).toEqual(new Set(['是', '否']));
    // Convergence traces: one chart per imputed variable.
    expect(out.sections.find((s) => s.title === '收敛诊断')!.blocks.filter((b) => b.type === 'chart')).toHaveLength(4);
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...base, x: ['BMI'], factors: [] })).toThrow(/至少选择 2 个/);
    expect(() => run(table, { ...base, x: ['年龄'], factors: ['性别'], model: 'none' })).toThrow(/没有缺失值/);
    expect(() => run(table, { ...base, y: '吸烟' })).toThrow(/线性回归的结局变量“吸烟”须是定量变量/);
    expect(() => run(table, { ...base, y: '编号' })).toThrow(/“编号”须是选入的插补变量/);
    expect(() => run(table, { ...base, factors: ['性别', '吸烟', '编号'] })).toThrow(/“编号”有超过 20 个类别/);
    expect(() => run(table, { ...base, m: 1 })).toThrow(/插补数据集个数/);
  });
});
