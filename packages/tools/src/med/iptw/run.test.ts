// 逆概率加权 on its example against packages/stats/fixtures/make-propensity.R: the weights of the new
// data file against the formulas in R (1e-8: the PS from IRLS agrees with R's glm to ~1e-10, and
// 1/e magnifies that little), the ESS, SMDs and variance ratios unweighted and weighted against
// MatchIt's bal1var; then the refusals.
import { describe, expect, it } from 'vitest';
import type { Params } from '../../tool.js';
import { analysedRows, COVARIATES, expectBalance, FIXTURE, table, tableOf } from '../prediction/propensity-test-setup.js';
import { run } from './run.js';

const base: Params = { treatment: '他汀使用', treated: '', ...COVARIATES, estimand: 'ATE', stabilize: true, truncate: 'none' };

function sameAsR(params: Params, label: string) {
  const out = run(table, params);
  const c = FIXTURE.iptw.find((x: any) => x.label === label);
  const r = out.results;
  const close = (a: unknown, b: number, what: string) => expect(Math.abs((a as number) - b), `${label} ${what}`).toBeLessThanOrEqual(1e-8 * Math.max(1, Math.abs(b)));
  close(r.essControl, c.ess[0], 'ESS controls');
  close(r.essTreated, c.ess[1], 'ESS treated');
  expectBalance(r, c.sumAll, 'Before', `${label} unweighted`);
  expectBalance(r, c.sumWeighted, 'After', `${label} weighted`);
  // The new file holds every row; rows left out for a missing value have blank PS and weight.
  const d = out.derivedData!;
  expect(d.suffix).toBe('_IPTW加权');
  expect(d.rows).toEqual(Array.from({ length: table.rows }, (_, i) => i));
  expect(d.columns.map((col) => col.name)).toEqual(['倾向性评分', 'IPTW权重']);
  const rows = analysedRows(table);
  const at = new Map(rows.map((row, j) => [row, j]));
  d.columns[1]!.values.forEach((v, i) => {
    if (!at.has(i)) expect(v).toBeNull();
    else close(v, c.weights[at.get(i)!], `weight of row ${i + 1}`);
  });
  expect(d.columns[0]!.values.filter((v) => v === null).length).toBe(table.rows - rows.length);
  return out;
}

describe('逆概率加权 against the formulas in R', () => {
  it('defaults: stabilised ATE weights', () => {
    const out = sameAsR(base, 'ATE stabilised');
    expect(out.results.imbalancedAfter).toBe(0);
    expect(out.results.excluded).toBe(5);
  });
  it('ATE weights', () => sameAsR({ ...base, stabilize: false }, 'ATE'));
  it('ATT weights (stabilising does not apply)', () => sameAsR({ ...base, estimand: 'ATT', stabilize: true }, 'ATT'));
  it('stabilised ATE truncated at the 1st and 99th percentiles', () => {
    const out = sameAsR({ ...base, truncate: '99' }, 'ATE stabilised, truncated 1/99');
    expect(out.results.truncatedWeights).toBeGreaterThan(0);
  });
  it('ATT with the controls truncated at the 5th and 95th percentiles', () => sameAsR({ ...base, estimand: 'ATT', truncate: '95' }, 'ATT truncated 95'));
  it('gives the same weights run to run', () => {
    expect(run(table, base)).toEqual(run(table, base));
  });
});

describe('逆概率加权 refusals', () => {
  it('refuses separation (no overlap of the PS)', () => {
    const n = 40;
    const t = tableOf({ g: Array.from({ length: n }, (_, i) => (i < 20 ? '是' : '否')), x: Array.from({ length: n }, (_, i) => i) });
    expect(() => run(t, { ...base, treatment: 'g', x: ['x'], factors: [] })).toThrow(/分离|重叠/);
  });
  it('refuses a one-level treatment and a constant covariate', () => {
    const t = tableOf({ g: Array.from({ length: 30 }, () => '是'), x: Array.from({ length: 30 }, (_, i) => i) });
    expect(() => run(t, { ...base, treatment: 'g', x: ['x'], factors: [] })).toThrow(/只有一个取值/);
    const u = tableOf({ g: Array.from({ length: 30 }, (_, i) => (i % 2 ? '是' : '否')), x: Array.from({ length: 30 }, () => 3) });
    expect(() => run(u, { ...base, treatment: 'g', x: ['x'], factors: [] })).toThrow(/恒定/);
  });
  it('refuses too few units for the PS model', () => {
    const t = tableOf({ g: ['是', '否', '否', '否', '否', '是'], x: [1, 2, 3, 4, 5, 6], z: [2, 1, 4, 3, 6, 5] });
    expect(() => run(t, { ...base, treatment: 'g', x: ['x', 'z'], factors: [] })).toThrow(/参数个数/);
  });
});
