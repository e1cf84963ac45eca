// CFA tool on the example (示例数据_患者就医体验问卷.csv) against lavaan: the engine fixture
// packages/stats/fixtures/cfa.json (make-cfa.R) fits the same 3-factor model to this very file with
// lavaan::cfa, so the tool's results are checked against it. Tolerances: fit measures and std.all
// loadings through `results` 1e-5 relative; the table cells (3 decimals) 5e-4; MI 1e-4.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ReportBlock } from '@labstat/contracts';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const fixtures = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../stats/fixtures/cfa.json'), 'utf8'));
const R = fixtures.find((c: { name: string }) => c.name === 'survey');
const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'cfa-survey')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams };
const close = (got: unknown, want: number, label: string, rel = 1e-5, abs = 1e-7) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));
};
const tableOf = (out: ReturnType<typeof run>, prefix: string) => {
  const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith(prefix));
  if (t?.type !== 'table') throw new Error(`no ${prefix}`);
  return t;
};

describe('CFA tool on the questionnaire example', () => {
  const out = run(table, example);

  it('fit measures equal lavaan', () => {
    expect(out.results.n).toBe(R.n);
    expect(out.results.excluded).toBe(2);
    close(out.results.chi2, R.fit.chisq, 'chisq');
    expect(out.results.df).toBe(R.fit.df);
    for (const [k, r] of [['p', 'pvalue'], ['cfi', 'cfi'], ['tli', 'tli'], ['rmsea', 'rmsea'], ['srmr', 'srmr'], ['aic', 'aic'], ['bic', 'bic'], ['rmseaPClose', 'rmsea.pvalue']] as const)
      close(out.results[k], R.fit[r], k);
    close(out.results.rmseaUpper, R.fit['rmsea.ci.upper'], 'rmsea upper', 1e-4);
    expect(out.results.fit).toBe('good');
    const fit = tableOf(out, '表1');
    expect(fit.rows.find((r) => r[0] === 'CFI')![1]).toBe(Number(R.fit.cfi.toFixed(3)));
    expect(fit.footnotes.join('')).toContain('2 行因所选条目有缺失值');
  });

  it('standardised and raw loadings, factor correlations, AVE/CR from the std.all loadings', () => {
    const stdRows = R.standardized.filter((r: { op: string }) => r.op === '=~');
    for (const r of stdRows) close(out.results[`std.${r.rhs}`], r['est.std'], `std ${r.rhs}`);
    const loads = tableOf(out, '表2');
    const est = R.estimates.filter((r: { op: string }) => r.op === '=~');
    loads.rows.forEach((row, i) => {
      expect(row[1]).toBe(est[i].rhs);
      close(row[2], est[i].est, `est ${est[i].rhs}`, 0, 5e-4);
      if (est[i].se > 0) close(row[3], est[i].se, `se ${est[i].rhs}`, 0, 5e-4);
    });
    // AVE/CR recomputed from lavaan's std.all loadings of each factor.
    ['沟通', '环境', '满意'].forEach((fname, j) => {
      const ls = stdRows.filter((r: { lhs: string }) => r.lhs === fname).map((r: { 'est.std': number }) => r['est.std']);
      const s = ls.reduce((a: number, v: number) => a + v, 0);
      close(out.results[`ave.${j + 1}`], ls.reduce((a: number, v: number) => a + v * v, 0) / ls.length, `ave ${fname}`);
      close(out.results[`cr.${j + 1}`], (s * s) / (s * s + ls.reduce((a: number, v: number) => a + 1 - v * v, 0)), `cr ${fname}`);
    });
    const cov = tableOf(out, '表3');
    const corr = R.standardized.filter((r: { op: string; lhs: string; rhs: string }) => r.op === '~~' && r.lhs !== r.rhs && ['沟通', '环境', '满意'].includes(r.lhs));
    const corrCells = cov.rows.filter((r) => String(r[0]).includes('↔')).map((r) => r[5]);
    expect(corrCells.length).toBe(corr.length);
    corrCells.forEach((c, i) => close(c, corr[i]['est.std'], `r ${i}`, 0, 5e-4));
    // Fornell–Larcker: diagonal √AVE.
    const fl = tableOf(out, '表6');
    close(fl.rows[0]![1], Math.sqrt(out.results['ave.1'] as number), '√AVE', 0, 5e-4);
  });

  it('modification indices: largest first, the cross-loading lavaan finds', () => {
    const mi = R.modindices.filter((r: { mi: number }) => r.mi >= 3.84).sort((a: { mi: number }, b: { mi: number }) => b.mi - a.mi);
    expect(out.results.modIndices).toBe(mi.length);
    close(out.results.topMi, mi[0].mi, 'top MI', 1e-4);
    expect(out.results.topMiParam).toBe('环境 → 沟通3');
    const t = tableOf(out, '表7');
    t.rows.forEach((row, i) => {
      close(row[2], mi[i].mi, `MI ${i}`, 0, 5e-4);
      close(row[4], mi[i]['sepc.all'], `sepc ${i}`, 0, 5e-4);
    });
  });

  it('report is schema-valid, with the path diagram and a paper-style conclusion', () => {
    for (const b of out.sections.flatMap((s) => s.blocks)) expect(ReportBlock.safeParse(b).success).toBe(true);
    const chart = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart');
    expect(chart?.type === 'chart' && chart.title).toContain('路径图');
    const concl = out.sections.find((s) => s.title === '结论')!.blocks[0]!;
    expect(concl.type === 'text' && concl.markdown).toContain('Hu 与 Bentler（1999）');
    expect(run(table, example)).toEqual(out);
  });

  it('R script fits the same model with lavaan', () => {
    const script = rScript('cfa', example, 'data.csv')!;
    expect(script).toContain('library(lavaan)');
    expect(script).toContain('沟通 =~ 沟通1 + 沟通2 + 沟通3 + 沟通4');
    expect(script).toContain('满意度 =~ 满意度1');
    expect(rScript('cfa', { ...example, name2: '就医 环境' }, 'data.csv')).toContain('F2 =~ 环境1');
    expect(script).toContain('minimum.value = 3.84');
  });

  it('a Heywood case is reported as a warning, not refused (lavaan warns too)', () => {
    const h = fixtures.find((c: { name: string }) => c.name === 'heywood');
    const file = path.join(os.tmpdir(), `cfa-heywood-${process.pid}.csv`);
    fs.writeFileSync(file, [h.items.join(','), ...h.columns[0].map((_: number, i: number) => h.columns.map((c: number[]) => c[i]).join(','))].join('\n'));
    const t = readExampleTable(file);
    fs.rmSync(file);
    const res = run(t, { ...defaults, f1: ['y1', 'y2', 'y3'], f2: ['y4', 'y5', 'y6'], name1: '甲', name2: '乙' });
    // Given names win; 'y1'…'y3' share the prefix 'y', and so do 'y4'…'y6': the second becomes y_2.
    expect(tableOf(res, '表5').rows.map((r) => r[0])).toEqual(['甲', '乙']);
    expect(tableOf(run(t, { ...defaults, f1: ['y1', 'y2', 'y3'], f2: ['y4', 'y5', 'y6'] }), '表5').rows.map((r) => r[0])).toEqual(['y', 'y_2']);
    expect(res.results.heywood).toBe(1);
    const concl = res.sections.find((s) => s.title === '结论')!.blocks[0]!;
    expect(concl.type === 'text' && concl.markdown).toMatch(/警告：“y1”的残差方差估计为负（Heywood 情形/);
    close(tableOf(res, '表4').rows[0]![1], h.estimates.find((r: { lhs: string; op: string; rhs: string }) => r.lhs === 'y1' && r.op === '~~' && r.rhs === 'y1').est, 'negative θ', 0, 5e-4);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...defaults })).toThrow(/至少为 1 个因子选择条目/);
    expect(() => run(table, { ...example, f3: ['满意度1'] })).toThrow(/只有 1 个条目，模型不可识别/);
    expect(() => run(table, { ...example, f3: ['满意度1', '沟通2'] })).toThrow(/“沟通2”同时选入了因子/);
    expect(() => run(table, { ...defaults, f1: ['沟通1', '沟通2'] })).toThrow(/至少需要 3 个条目/);
    expect(() => run(table, { ...example, f4: ['性别', '年龄'] })).toThrow(ToolInputError);
    // One factor of four items: df = 2, fits.
    const one = run(table, { ...defaults, f1: ['满意度1', '满意度2', '满意度3', '满意度4'] });
    expect(one.results.df).toBe(2);
    expect(one.results.factors).toBe(1);
    // Three items on one factor: just identified, fit not judged.
    const three = run(table, { ...defaults, f1: ['满意度1', '满意度2', '满意度3'] });
    expect(three.results.df).toBe(0);
    expect(three.results.fit).toBe('saturated');
    expect(three.results.p).toBeNull();
  });
});
