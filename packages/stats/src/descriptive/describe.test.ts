import { describe as suite, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture, logRelativeError } from '../internal/test-helpers.js';
import { describe, frequencies, mode } from './describe.js';
import { NIST_UNIVARIATE } from './nist-univariate.js';
import { quantile, type QuantileType } from './quantile.js';

const Q = fixture('quantiles');
const D = fixture('describe');

suite('quantile (all nine types) agrees with R', () => {
  for (const [name, s] of Object.entries<any>(Q)) {
    it(name, () => {
      for (let type = 1; type <= 9; type++) {
        const got = quantile(s.x, s.probs, type as QuantileType);
        got.forEach((g, i) => expectClose(g, s.types[type - 1][i], 1e-13, `${name} type ${type} p=${s.probs[i]}`, 1e-13));
      }
    });
  }
});

suite('describe agrees with R', () => {
  for (const [name, r] of Object.entries<any>(D)) {
    it(name, () => {
      const d = describe(r.x);
      for (const k of ['n', 'mean', 'sd', 'variance', 'se', 'median', 'q1', 'q3', 'iqr', 'skewness', 'kurtosis', 'skewnessAdjusted', 'kurtosisAdjusted'] as const) {
        expectClose(d[k], r[k], 1e-12, `${name}.${k}`, 1e-14);
      }
      if (r.geometricMean !== undefined) expectClose(d.geometricMean!, r.geometricMean, 1e-12, `${name}.geometricMean`);
      if (r.harmonicMean !== undefined) expectClose(d.harmonicMean!, r.harmonicMean, 1e-12, `${name}.harmonicMean`);
      expectClose(d.ci[0], r.ci[0], 1e-12, `${name}.ci.lower`);
      expectClose(d.ci[1], r.ci[1], 1e-12, `${name}.ci.upper`);
    });
  }

  it('counts and drops missing values, and refuses too little data', () => {
    const d = describe([1, NaN, 2, null, 3, undefined, Infinity]);
    expect(d.n).toBe(3);
    expect(d.missing).toBe(4);
    expect(d.mean).toBe(2);
    expect(d.geometricMean).toBeCloseTo(Math.cbrt(6), 14);
    expect(describe([-1, 1]).geometricMean).toBeNull();
    expect(describe([-1, 1]).cv).toBeNull();
    expect(() => describe([5, NaN])).toThrow(StatsError);
    expect(() => describe([5, NaN])).toThrow('有效观测数为1');
  });
});

suite('NIST StRD univariate', () => {
  it('reaches at least 12 correct digits for mean, sd and lag-1 autocorrelation', () => {
    const rows = NIST_UNIVARIATE.map((c) => {
      const d = describe(c.values);
      return {
        dataset: c.name,
        mean: logRelativeError(d.mean, c.mean),
        sd: logRelativeError(d.sd, c.sd),
        autocorrelation: logRelativeError(d.autocorrelation, c.autocorrelation),
      };
    });
    console.table(rows.map((r) => ({ ...r, mean: r.mean.toFixed(1), sd: r.sd.toFixed(1), autocorrelation: r.autocorrelation.toFixed(1) })));
    for (const r of rows) {
      expect(r.mean, `${r.dataset} mean LRE`).toBeGreaterThanOrEqual(12);
      expect(r.sd, `${r.dataset} sd LRE`).toBeGreaterThanOrEqual(12);
      expect(r.autocorrelation, `${r.dataset} r1 LRE`).toBeGreaterThanOrEqual(12);
    }
  });
});

suite('mode and frequencies', () => {
  it('returns every most frequent value', () => {
    expect(mode([3, 1, 3, 2, 1])).toEqual([1, 3]);
  });

  it('builds a frequency table with valid and cumulative percentages like SPSS', () => {
    const t = frequencies(['男', '女', '女', null, '男', '女']);
    expect(t.n).toBe(5);
    expect(t.missing).toBe(1);
    expect(t.rows.map((r) => [r.value, r.count])).toEqual([
      ['女', 3],
      ['男', 2],
    ]);
    expect(t.rows[0]!.percent).toBeCloseTo(50, 12);
    expect(t.rows[0]!.validPercent).toBeCloseTo(60, 12);
    expect(t.rows[1]!.cumulativePercent).toBeCloseTo(100, 12);
    expect(frequencies([3, 1, 2, 1], [1, 2, 3, 4]).rows.map((r) => r.count)).toEqual([2, 1, 1, 0]);
  });
});
