// Test helper shared by the psm/ and iptw/ tests: the propensity example, the packages/stats fixture
// made from it (fixtures/make-propensity.R) and the checks both tools run against it. Test-only, so it
// stays out of propensity-e.ts (which the tools import at run time) and out of the build.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';

export const FIXTURE = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/propensity.json', import.meta.url), 'utf8'));
/** The fixture's row names as the tools label them. */
const NAMES: Record<string, string> = { age: '年龄', bmi: 'BMI', ldl: 'LDL-C(mmol/L)', sex: '性别', dm: '糖尿病', htn: '高血压', smoke: '吸烟' };
export const COVARIATES = { x: ['年龄', 'BMI', 'LDL-C(mmol/L)'], factors: ['性别', '糖尿病', '高血压', '吸烟'] };

export const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'propensity')!.file);

/** The tool's label of a row of summary(m)$sum.all ("sex女" → "性别：女"). */
function labelOf(r: string): string {
  if (NAMES[r]) return NAMES[r]!;
  const key = Object.keys(NAMES).find((k) => r.startsWith(k))!;
  return `${NAMES[key]}：${r.slice(key.length)}`;
}

/** Rows of the example complete in the treatment and every covariate (the fixture's rows, in order). */
export function analysedRows(t: DataTable): number[] {
  const cols = ['他汀使用', ...COVARIATES.x, ...COVARIATES.factors].map((c) => t.text(c));
  return Array.from({ length: t.rows }, (_, i) => i).filter((i) => cols.every((c) => c[i] !== null && c[i] !== ''));
}

/** The report's SMDs (and variance ratios) against R's summary table, covariates only. */
export function expectBalance(results: Record<string, unknown>, r: any, after: string, label: string): void {
  r.names.forEach((name: string, k: number) => {
    if (name === 'distance') return;
    const key = labelOf(name);
    const near = (got: unknown, want: number | null, what: string) => {
      if (want === null) expect(got, `${label} ${key} ${what}`).toBeNull();
      else expect(Math.abs((got as number) - want), `${label} ${key} ${what}: ${String(got)} vs ${want}`).toBeLessThanOrEqual(1e-8 * Math.max(1, Math.abs(want)));
    };
    near(results[`smd${after}.${key}`], r.smd[k], 'SMD');
    near(results[`varRatio${after}.${key}`], r.varRatio[k], 'variance ratio');
    near(results[`ecdfMax${after}.${key}`], r.ecdfMax[k], 'eCDF max (KS)');
  });
}

/** A small table of numeric and text columns. */
export function tableOf(cols: Record<string, Array<number | string | null>>): DataTable {
  const names = Object.keys(cols);
  const n = cols[names[0]!]!.length;
  return {
    rows: n,
    variables: names.map((name) => ({ name, type: typeof cols[name]!.find((v) => v !== null) === 'number' ? 'numeric' : 'categorical', valid: n, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] })),
    numeric: (name) => cols[name]!.map((v) => (v === null ? null : Number(v))),
    text: (name) => cols[name]!.map((v) => (v === null ? null : String(v))),
  };
}
