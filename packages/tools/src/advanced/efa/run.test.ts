// EFA tool on the example (示例数据_量表条目.csv) against R: reference/dimension-a.R runs psych::KMO,
// cortest.bartlett, fa.parallel (observed eigenvalues), fa(fm = "pa") with GPArotation::oblimin
// (eps 1e-8), factor.scores (regression) and factanal (ML, varimax) and writes
// reference/dimension-a.json. Tolerances: closed-form numbers 1e-9 relative; loadings read from the
// table (3 decimals) 5e-4; communalities, scores and the ML χ² through results/derivedData at 1e-6.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { ITEMS_EXAMPLE } from '../pca/definition.js';
import { closeTo, exampleSetup, readReference, tableOf } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const R = readReference('dimension-a.json');
const { table, example } = exampleSetup(definition);
const close = closeTo(1e-9, 1e-12);

describe('EFA tool on the questionnaire example', () => {
  const out = run(table, example);

  it('KMO, Bartlett, eigenvalues, parallel analysis (observed exactly; seeded simulation repeatable)', () => {
    expect(out.results.n).toBe(R.n);
    close(out.results.kmo, R.kmo, 'KMO');
    close(out.results.bartlettChi2, R.bartlett, 'Bartlett');
    R.pcaEigen.forEach((v: number, i: number) => close(out.results[`eigenvalue.${i + 1}`], v, `eigenvalue ${i + 1}`));
    tableOf(out, '表2').rows.forEach((row, i) => close(row[4], R.faValues[i], `reduced eigenvalue ${i + 1}`, 0, 5e-4));
    expect(out.results.kaiserFactors).toBe(R.nfactKaiser);
    expect(out.results.parallelFactors).toBe(3);
    expect(out.results.factors).toBe(3);
    expect(run(table, example).sections).toEqual(out.sections);
  });

  it('principal axis + oblimin: pattern (sorted, blanked), Φ, communalities and saved scores equal psych/GPArotation', () => {
    expect(out.results.rotation).toBe('oblimin');
    // Unsorted and not blanked, the table rows are the items in order.
    const full = run(table, { ...example, sort: false, blank: 0 });
    tableOf(full, '表3').rows.forEach((row, i) => {
      expect(row[0]).toBe(ITEMS_EXAMPLE[i]);
      R.oblimin[i].forEach((v: number, j: number) => close(row[j + 1], v, `pattern ${i},${j}`, 0, 5e-4));
      close(row[4], R.communality[i], `h2 ${i}`, 0, 5e-4);
    });
    tableOf(full, '表5').rows.forEach((row, i) => R.phi[i].forEach((v: number, j: number) => close(row[j + 1], v, `phi ${i},${j}`, 0, 5e-4)));
    const dd = out.derivedData!;
    expect(dd.suffix).toBe('_因子得分');
    expect(dd.rows.length).toBe(R.n);
    expect(dd.columns.map((c) => c.name)).toEqual(['因子1得分', '因子2得分', '因子3得分']);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) close(dd.columns[j]!.values[i], R.scores[i][j], `score ${i},${j}`, 0, 1e-6);
    // Sorted and blanked: small loadings are empty cells, reverse-keyed items reported.
    const sorted = tableOf(out, '表3').rows;
    expect(sorted.some((r) => r.includes(''))).toBe(true);
    expect(String(out.results.reverseItems).split('、').sort()).toEqual(['去人格化3', '情绪耗竭4', '成就感5'].sort());
  });

  it('maximum likelihood + varimax equals factanal, with its χ² test', () => {
    const ml = run(table, { ...example, extraction: 'ml', rotation: 'varimax', nMethod: 'fixed', factors: 3, sort: false, blank: 0 });
    close(ml.results.chi2, R.mlChi2, 'ML chi-square', 1e-6);
    expect(ml.results.df).toBe(R.mlDf);
    tableOf(ml, '表3').rows.forEach((row, i) => R.mlVarimax[i].forEach((v: number, j: number) => close(row[j + 1], v, `ML ${i},${j}`, 0, 5e-4)));
  });

  it('the eigenvalue rule and promax run; R script names the items and the seed', () => {
    expect(run(table, { ...example, nMethod: 'kaiser', rotation: 'promax' }).results.factors).toBe(R.nfactKaiser);
    const script = rScript('efa', example, 'data.csv')!;
    expect(script).toContain('fa.parallel(');
    expect(script).toContain('set.seed(2024)');
    expect(script).toContain('rotate = "oblimin"');
  });

  it('one factor: no rotation, one score column', () => {
    const one = run(table, { ...example, nMethod: 'fixed', factors: 1 });
    expect(one.results.rotation).toBe('none');
    expect(one.derivedData!.columns.length).toBe(1);
    expect(tableOf(one, '表3').columns).toEqual(['条目', '因子1', '共同度 h²', '唯一性 u²']);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...example, vars: ['情绪耗竭1', '情绪耗竭2'] })).toThrow(/至少需要选择 3 个/);
    expect(() => run(table, { ...example, nMethod: 'fixed', factors: 15 })).toThrow(/最多可提取 14 个因子/);
    expect(() => run(table, { ...example, extraction: 'ml', nMethod: 'fixed', factors: 11 })).toThrow(/最大似然法最多可提取 10 个因子/);
    expect(() => run(table, { ...example, vars: ['情绪耗竭1', '情绪耗竭2', '情绪耗竭1'] })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, seed: 0 })).toThrow(/随机种子/);
  });
});
