// Tools on large files: per-row arrays must never be spread into Math.max / Math.min (beyond about
// 10⁵ values that throws "Maximum call stack size exceeded"); a 300,000-row file broke linear
// regression, Kaplan–Meier and Bland–Altman that way. And no work may be quadratic in the rows: a
// mean recomputed per value (radar, factorial ANOVA) or a whole column converted per row
// (multinomial and ordinal logistic) made them run for minutes; each case here ran past the test
// timeout before its fix.
import { describe, expect, it } from 'vitest';
import type { VariableInfo } from '@labstat/contracts';
import { runTool, TOOLS } from './registry.js';
import type { DataTable, Params } from './tool.js';

const N = 300_000;
let seed = 7;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

function table(columns: Record<string, Array<number | string | null>>): DataTable {
  const variables = Object.entries(columns).map(([name, v]) => ({
    name,
    type: typeof v[0] === 'number' ? 'numeric' : 'categorical',
    valid: v.length,
    missing: 0,
    distinct: 0,
    min: null,
    max: null,
    mean: null,
    levels: [],
  })) as unknown as VariableInfo[];
  return {
    rows: N,
    variables,
    numeric: (name) => columns[name]!.map((v) => (v === null ? null : Number(v))),
    text: (name) => columns[name]!.map((v) => (v === null ? null : String(v))),
  };
}

const defaults = (key: string): Params => {
  const d = TOOLS.find((t) => t.definition.key === key)!.definition;
  return Object.fromEntries(d.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
};
const run = (key: string, data: DataTable, params: Params) => runTool(TOOLS.find((t) => t.definition.key === key)!, data, { ...defaults(key), ...params });

describe(`tools on ${N.toLocaleString('en')} rows`, () => {
  const x = Array.from({ length: N }, () => 50 + 10 * rand());
  const y = x.map((v) => 3 + 0.5 * v + 4 * (rand() - 0.5));

  it('linear regression', () => {
    const out = run('linear-regression', table({ x, y }), { y: 'y', x: ['x'] });
    expect(out.results.n).toBe(N);
  });

  it('Bland–Altman', () => {
    const out = run('bland-altman', table({ a: x, b: y.map((v, i) => x[i]! + (v - y[i]!) + rand() - 0.5) }), { method1: 'a', method2: 'b' });
    expect(out.results.n).toBe(N);
  });

  it('Kaplan–Meier', () => {
    const time = x.map((v) => Math.round(v * 10) / 10);
    const status = x.map(() => (rand() < 0.7 ? 1 : 0));
    const group = x.map((_, i) => (i % 2 ? '甲' : '乙'));
    const out = run('kaplan-meier', table({ time, status, group }), { time: 'time', status: 'status', group: 'group' });
    expect(JSON.stringify(out.results)).toContain(String(N / 2));
  });

  // Quadratic work cannot be stopped by the test timeout (it never yields): each case is sized so the
  // quadratic version took a minute or more and the linear one takes about a second, and says so.
  const within = (ms: number, f: () => void) => {
    const t = performance.now();
    f();
    expect(performance.now() - t).toBeLessThan(ms);
  };

  it('radar chart (80,000 rows)', () => {
    const m = 80_000;
    const [a, b] = [x.slice(0, m), y.slice(0, m)];
    within(10_000, () => run('radar', { ...table({ a, b, c: a.map((v, i) => v - b[i]!) }), rows: m }, { vars: ['a', 'b', 'c'], group: '' }));
  });

  it('factorial ANOVA (200,000 rows)', () => {
    const m = 200_000;
    const arm = Array.from({ length: m }, (_, i) => (i % 2 ? '治疗' : '对照'));
    const sex = Array.from({ length: m }, (_, i) => (i % 3 ? '男' : '女'));
    within(10_000, () => run('factorial-anova', { ...table({ y: y.slice(0, m), arm, sex }), rows: m }, { y: 'y', factorA: 'arm', factorB: 'sex' }));
  });

  it('multinomial and ordinal logistic regression with a factor coded as numbers (20,000 rows)', () => {
    const m = 20_000;
    const stage = Array.from({ length: m }, (_, i) => (i % 3) + 1); // a numeric column used as a factor
    const z = Array.from({ length: m }, () => rand());
    const out3 = Array.from({ length: m }, (_, i) => ['甲', '乙', '丙'][(i + Math.floor(3 * z[i]!)) % 3]!);
    within(10_000, () => run('multinomial-logistic', { ...table({ z, stage, out3 }), rows: m }, { y: 'out3', x: ['z'], factors: ['stage'] }));
    within(10_000, () => run('ordinal-logistic', { ...table({ z, stage, out3 }), rows: m }, { y: 'out3', order: '甲,乙,丙', x: ['z'], factors: ['stage'] }));
  });
});
