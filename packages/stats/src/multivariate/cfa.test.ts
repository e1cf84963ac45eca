// Confirmatory factor analysis against lavaan::cfa(estimator = "ML") (fixtures/make-cfa.R).
// Tolerances: estimates, SEs, z, std.all, P and fit measures 1e-5 relative (1e-7 absolute near zero):
// lavaan's nlminb stops at rel.tol 1e-10 on fmin, which leaves its estimates good to about 1e-6 where
// the likelihood is flat (two-item case: lavaan with rel.tol 1e-14 moves v=~x2 by 5e-7). Modification
// indices, EPC and sepc.all 1e-4 relative, with 1e-4 (MI) and 1e-5 (EPC) absolute, since a tiny MI
// inherits lavaan's estimate error. lavaan's own RMSEA limits (uniroot's default tolerance) 1e-4, the
// limits found again in R with tol = 1e-12 to 1e-7.
import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { cfa } from './cfa.js';

interface Row {
  lhs: string;
  op: string;
  rhs: string;
  [key: string]: string | number | null;
}
interface Case {
  name: string;
  items: string[];
  factors: Array<{ name: string; items: string[] }>;
  columns: number[][];
  n: number;
  estimates: Row[];
  standardized: Row[];
  fit: Record<string, number>;
  rmseaCiExact: [number, number];
  modindices: Row[];
}

const cases = fixture<Case[]>('cfa');
const close = (a: number, b: number, label: string, rel = 1e-5) => expectClose(a, b, rel, label, 1e-7);

function fitCase(c: Case) {
  const factors = c.factors.map((f) => ({ name: f.name, items: f.items.map((v) => c.items.indexOf(v)) }));
  return cfa(c.columns, { names: c.items, factors });
}

describe('cfa agrees with lavaan::cfa', () => {
  for (const c of cases) {
    it(`${c.name}: estimates, SEs, std.all, fit, modification indices`, () => {
      const r = fitCase(c);
      expect(r.n).toBe(c.n);
      const fname = (j: number) => c.factors[j]!.name;
      const find = (rows: Row[], lhs: string, op: string, rhs: string) => {
        const row = rows.find((x) => (x.lhs === lhs && x.rhs === rhs && x.op === op) || (op === '~~' && x.lhs === rhs && x.rhs === lhs && x.op === op));
        if (!row) throw new Error(`no lavaan row ${lhs} ${op} ${rhs}`);
        return row;
      };
      const checkParam = (got: { estimate: number; se: number; statistic: number; pValue: number; std: number; stdSe: number; stdStatistic: number; stdPValue: number }, lhs: string, op: string, rhs: string) => {
        const e = find(c.estimates, lhs, op, rhs);
        const s = find(c.standardized, lhs, op, rhs);
        const label = `${c.name} ${lhs} ${op} ${rhs}`;
        close(got.estimate, e.est as number, `${label} est`);
        if (e.se === 0 || e.se === null) expect(Number.isNaN(got.se), `${label} fixed`).toBe(true);
        else {
          close(got.se, e.se as number, `${label} se`);
          close(got.statistic, e.z as number, `${label} z`);
          close(got.pValue, e.pvalue as number, `${label} p`, 1e-5);
        }
        close(got.std, s['est.std'] as number, `${label} std`);
        if (s.se !== null && (s.se as number) > 0) {
          close(got.stdSe, s.se as number, `${label} std se`, 1e-5);
          close(got.stdStatistic, s.z as number, `${label} std z`, 1e-5);
          close(got.stdPValue, s.pvalue as number, `${label} std p`, 1e-5);
        }
      };
      for (const l of r.loadings) checkParam(l, fname(l.factor), '=~', c.items[l.item]!);
      for (const f of r.factorCovariances) checkParam(f, fname(f.a), '~~', fname(f.b));
      for (const t of r.residuals) checkParam(t, c.items[t.item]!, '~~', c.items[t.item]!);
      const R = c.fit;
      close(r.fit.npar, R.npar!, 'npar');
      close(r.fit.fmin, R.fmin!, 'fmin');
      close(r.fit.chiSquare, R.chisq!, 'chisq');
      expect(r.fit.df).toBe(R.df);
      if (R.df! > 0) close(r.fit.pValue, R.pvalue!, 'p', 1e-5);
      close(r.fit.baselineChiSquare, R['baseline.chisq']!, 'baseline chisq');
      expect(r.fit.baselineDf).toBe(R['baseline.df']);
      close(r.fit.cfi, R.cfi!, 'cfi');
      close(r.fit.tli, R.tli!, 'tli');
      close(r.fit.logLik, R.logl!, 'logl');
      close(r.fit.unrestrictedLogLik, R['unrestricted.logl']!, 'unrestricted logl');
      close(r.fit.aic, R.aic!, 'aic');
      close(r.fit.bic, R.bic!, 'bic');
      close(r.fit.rmsea, R.rmsea!, 'rmsea');
      close(r.fit.srmr, R.srmr!, 'srmr');
      if (R.df! > 0) {
        close(r.fit.rmseaPClose, R['rmsea.pvalue']!, 'rmsea pvalue', 1e-5);
        expectClose(r.fit.rmseaCi[0], R['rmsea.ci.lower']!, 1e-4, 'rmsea lower (lavaan)', 1e-6);
        expectClose(r.fit.rmseaCi[1], R['rmsea.ci.upper']!, 1e-4, 'rmsea upper (lavaan)', 1e-6);
        expectClose(r.fit.rmseaCi[0], c.rmseaCiExact[0], 1e-7, 'rmsea lower', 1e-9);
        expectClose(r.fit.rmseaCi[1], c.rmseaCiExact[1], 1e-7, 'rmsea upper', 1e-9);
      }
      // Modification indices: the same set (lavaan drops the ones it cannot compute) and values.
      const mis = c.modindices.filter((x) => x.mi !== null);
      expect(r.modIndices.length).toBe(mis.length);
      for (const mi of r.modIndices) {
        const lhs = mi.kind === 'loading' ? fname(mi.lhs) : c.items[mi.lhs]!;
        const row = find(mis, lhs, mi.kind === 'loading' ? '=~' : '~~', c.items[mi.rhs]!);
        const label = `${c.name} MI ${lhs} ${row.op} ${c.items[mi.rhs]}`;
        expectClose(mi.mi, row.mi as number, 1e-4, label, 1e-4);
        expectClose(mi.epc, row.epc as number, 1e-4, `${label} epc`, 1e-5);
        expectClose(mi.sepcAll, row['sepc.all'] as number, 1e-4, `${label} sepc.all`, 1e-5);
      }
      // AVE and CR from the standardised loadings (formulas, not a lavaan output).
      r.reliability.forEach((rel, j) => {
        const ls = r.loadings.filter((l) => l.factor === j).map((l) => l.std);
        const s = ls.reduce((a, v) => a + v, 0);
        close(rel.ave, ls.reduce((a, v) => a + v * v, 0) / ls.length, 'ave');
        close(rel.cr, (s * s) / (s * s + ls.reduce((a, v) => a + 1 - v * v, 0)), 'cr');
      });
    });
  }

  it('heywood: the negative residual variance is kept (unbounded, as lavaan) and flagged', () => {
    const c = cases.find((x) => x.name === 'heywood')!;
    const r = fitCase(c);
    expect(r.heywood).toEqual([0]);
    expect(r.residuals[0]!.estimate).toBeLessThan(0);
  });
});

describe('cfa refuses models it cannot fit', () => {
  const c = cases[0]!;
  const cols = c.columns;
  const names = c.items;
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(StatsError);
      return { code: (e as StatsError).code, message: (e as StatsError).message };
    }
    throw new Error('did not throw');
  };
  it('a factor with one item, a lone factor with two, shared or unassigned items', () => {
    expect(code(() => cfa(cols.slice(0, 4), { names: names.slice(0, 4), factors: [{ name: 'A', items: [0, 1, 2] }, { name: 'B', items: [3] }] })).message).toMatch(/B.*只有 1 个条目/);
    expect(code(() => cfa(cols.slice(0, 2), { names: names.slice(0, 2), factors: [{ name: 'A', items: [0, 1] }] })).message).toMatch(/至少需要 3 个条目/);
    expect(code(() => cfa(cols.slice(0, 4), { names: names.slice(0, 4), factors: [{ name: 'A', items: [0, 1, 2] }, { name: 'B', items: [2, 3] }] })).message).toMatch(/x3.*同时属于/);
    expect(code(() => cfa(cols.slice(0, 4), { names: names.slice(0, 4), factors: [{ name: 'A', items: [0, 1, 2] }] })).message).toMatch(/x4.*未分配/);
  });
  it('non-convergence is refused, not returned', () => {
    const f = fitCase(cases[0]!);
    expect(f.iterations).toBeGreaterThan(2);
    const factors = cases[0]!.factors.map((x) => ({ name: x.name, items: x.items.map((v) => names.indexOf(v)) }));
    expect(code(() => cfa(cols, { names, factors, maxIterations: 2 })).code).toBe('NOT_CONVERGED');
  });
  it('too few rows, a singular covariance, a constant item', () => {
    const few = cols.slice(0, 4).map((col) => col.slice(0, 4));
    expect(code(() => cfa(few, { factors: [{ name: 'A', items: [0, 1, 2, 3] }] })).code).toBe('TOO_FEW_OBSERVATIONS');
    const dup = [cols[0]!, cols[1]!, cols[2]!, cols[0]!.map((v, i) => v + cols[1]![i]!)];
    expect(code(() => cfa(dup, { factors: [{ name: 'A', items: [0, 1, 2, 3] }] })).code).toBe('SINGULAR');
    const flat = [cols[0]!, cols[1]!, cols[2]!.map(() => 3)];
    expect(code(() => cfa(flat, { names: ['a', 'b', 'c'], factors: [{ name: 'A', items: [0, 1, 2] }] })).code).toBe('ZERO_VARIANCE');
  });
});
