// Tools on large files: per-row arrays must never be spread into Math.max / Math.min (beyond about
// 10⁵ values that throws "Maximum call stack size exceeded"); a 300,000-row file broke linear
// regression, Kaplan–Meier and Bland–Altman that way.
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
});
