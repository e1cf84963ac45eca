import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { seededRandom } from '../internal/random.js';
import { linearRegression } from '../regression/linear.js';
import { mice, poolRubin, type MiceVariable } from './mice.js';

const R = fixture('mice');
const nh = R.nhanes2;
const vars: MiceVariable[] = [
  { name: 'age', values: nh.age, type: 'categorical' },
  { name: 'bmi', values: nh.bmi, type: 'numeric' },
  { name: 'hyp', values: nh.hyp, type: 'categorical' },
  { name: 'chl', values: nh.chl, type: 'numeric' },
];

function fitAll(result: ReturnType<typeof mice>) {
  return Array.from({ length: result.m }, (_, i) => {
    const [age, bmi, , chl] = result.complete(i);
    return linearRegression({
      y: chl as number[],
      predictors: [
        { name: 'age', values: age as string[], type: 'categorical' },
        { name: 'bmi', values: bmi as number[], type: 'numeric' },
      ],
    });
  });
}

describe("Rubin's rules agree with mice::pool", () => {
  it('pooled estimate, variances, Barnard–Rubin df, p, CI, riv, λ, fmi (nhanes2, m = 5)', () => {
    const pooled = poolRubin({ estimates: R.estimates, se: R.se, terms: R.terms, dfComplete: R.dfComplete });
    const P = R.pooled;
    pooled.forEach((p, j) => {
      expect(p.term).toBe(R.terms[j]);
      expectClose(p.estimate, P.estimate[j], 1e-12, `estimate ${p.term}`);
      expectClose(p.within, P.ubar[j], 1e-12, `ubar ${p.term}`);
      expectClose(p.between, P.b[j], 1e-12, `b ${p.term}`);
      expectClose(p.total, P.t[j], 1e-12, `t ${p.term}`);
      expectClose(p.se, P.se[j], 1e-12, `se ${p.term}`);
      expectClose(p.df, P.df[j], 1e-10, `df ${p.term}`);
      expectClose(p.pValue, P.p[j], 1e-9, `p ${p.term}`);
      expectClose(p.ci[0], P.lower[j], 1e-9, `lower ${p.term}`);
      expectClose(p.ci[1], P.upper[j], 1e-9, `upper ${p.term}`);
      expectClose(p.riv, P.riv[j], 1e-12, `riv ${p.term}`);
      expectClose(p.lambda, P.lambda[j], 1e-12, `lambda ${p.term}`);
      expectClose(p.fmi, P.fmi[j], 1e-10, `fmi ${p.term}`);
    });
  });
});

describe('MICE', () => {
  it('imputes only the missing cells, with observed values (PMM) and observed levels, repeatably by seed', () => {
    const a = mice(vars, { m: 3, seed: 11 });
    const b = mice(vars, { m: 3, seed: 11 });
    expect(a.imputed.map((x) => x.values)).toEqual(b.imputed.map((x) => x.values));
    expect(mice(vars, { m: 3, seed: 12 }).imputed[0]!.values).not.toEqual(a.imputed[0]!.values);
    expect(a.imputed.map((x) => [x.name, x.method])).toEqual([
      ['bmi', 'pmm'],
      ['hyp', 'logreg'],
      ['chl', 'pmm'],
    ]);
    for (const imp of a.imputed) {
      const col = nh[imp.name] as (number | string | null)[];
      expect(imp.rows).toEqual(col.flatMap((v, i) => (v === null ? [i] : [])));
      const observed = new Set(col.filter((v) => v !== null));
      for (const set of imp.values) for (const v of set) expect(observed.has(v)).toBe(true);
    }
    const done = a.complete(1);
    expect(done.every((c) => c.every((v) => v !== null && v !== undefined))).toBe(true);
    expect(done[0]).toEqual(nh.age);
    expect(a.chains[0]!.mean).toHaveLength(3);
    expect(a.chains[0]!.mean[0]).toHaveLength(10);
  });

  it("lands near R's mice (m = 50) for lm(chl ~ age + bmi) on nhanes2", () => {
    const result = mice(vars, { m: 50, iterations: 20, seed: 1 });
    const fits = fitAll(result);
    const pooled = poolRubin({
      estimates: fits.map((f) => f.coefficients.map((c) => c.estimate)),
      se: fits.map((f) => f.coefficients.map((c) => c.se)),
      dfComplete: 21,
    });
    pooled.forEach((p, j) => {
      expect(Math.abs(p.estimate - R.m50.estimate[j])).toBeLessThan(R.m50.se[j]);
      expect(p.se / R.m50.se[j]).toBeGreaterThan(0.6);
      expect(p.se / R.m50.se[j]).toBeLessThan(1.6);
    });
  });

  it('recovers known coefficients from data missing at random (simulation, n = 1000)', () => {
    const rng = seededRandom(5);
    const n = 1000;
    const x1 = Array.from({ length: n }, () => rng.normal());
    const g = x1.map((v) => (rng.next() < 1 / (1 + Math.exp(-v)) ? 'b' : 'a'));
    const x2 = x1.map((v, i) => 0.5 * v + (g[i] === 'b' ? 0.8 : 0) + rng.normal());
    const y = x1.map((v, i) => 1 + 2 * v - x2[i]! + rng.normal());
    // Missing at random: x2 and g more often missing when y is high; y missing when x1 is low.
    const x2m = x2.map((v, i) => (y[i]! > 1.5 && rng.next() < 0.5 ? null : v));
    const gm = g.map((v, i) => (y[i]! > 1 && rng.next() < 0.3 ? null : v));
    const ym = y.map((v, i) => (x1[i]! < -0.5 && rng.next() < 0.5 ? null : v));
    const result = mice(
      [
        { name: 'y', values: ym, type: 'numeric' },
        { name: 'x1', values: x1, type: 'numeric' },
        { name: 'x2', values: x2m, type: 'numeric' },
        { name: 'g', values: gm, type: 'categorical' },
      ],
      { m: 10, seed: 3 },
    );
    const fits = Array.from({ length: 10 }, (_, i) => {
      const [yy, a, b] = result.complete(i);
      return linearRegression({
        y: yy as number[],
        predictors: [
          { name: 'x1', values: a as number[], type: 'numeric' },
          { name: 'x2', values: b as number[], type: 'numeric' },
        ],
      });
    });
    const pooled = poolRubin({ estimates: fits.map((f) => f.coefficients.map((c) => c.estimate)), se: fits.map((f) => f.coefficients.map((c) => c.se)), dfComplete: n - 3 });
    [1, 2, -1].forEach((truth, j) => expect(Math.abs(pooled[j]!.estimate - truth)).toBeLessThan(3 * pooled[j]!.se));
    expect(pooled.every((p) => p.between > 0 && p.fmi > 0)).toBe(true);
    const shareB = result.imputed.find((x) => x.name === 'g')!.values[0]!.filter((v) => v === 'b').length;
    expect(shareB).toBeGreaterThan(0);
  });

  it('refuses bad settings in Chinese', () => {
    expect(() => mice(vars, { m: 0 })).toThrow(/插补次数/);
    expect(() => mice([vars[1]!])).toThrow(/至少需要2个变量/);
    expect(() => mice([{ name: 'a', values: [1, null, null], type: 'numeric' }, vars[0]!])).toThrow();
    expect(() => poolRubin({ estimates: [[1]], se: [[1]] })).toThrow(/至少需要2个/);
  });
});
