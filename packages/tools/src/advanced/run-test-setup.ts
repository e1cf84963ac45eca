// Test helper shared by the advanced tools' run.test.ts files: the tool's example table with its
// default and example parameters, R's reference numbers, the comparison with them at a stated
// tolerance, and the report's tables by title. Test-only (kept out of the build by tsconfig).
import fs from 'node:fs';
import { expect } from 'vitest';
import { EXAMPLE_FILES } from '../examples.js';
import { readExampleTable } from '../test-table.js';
import type { DataTable, Params, ToolDefinition, ToolOutput } from '../tool.js';

/** The tool's example table, its fields' defaults, and the defaults with the example's parameters (and `extra`) over them. */
export function exampleSetup(definition: ToolDefinition, extra: Params = {}): { table: DataTable; defaults: Params; example: Params } {
  const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === definition.example)!.file);
  const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
  return { table, defaults, example: { ...defaults, ...definition.exampleParams, ...extra } };
}

/** A JSON file of packages/tools/reference (R's output for the advanced tools). */
export const readReference = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../reference/${name}`, import.meta.url), 'utf8'));

/** A JSON fixture of packages/stats/fixtures. */
export const readStatsFixture = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../../stats/fixtures/${name}`, import.meta.url), 'utf8'));

/**
 * A check of a result against R's: a number within max(rel·|R|, abs); rel and abs default to the file's
 * tolerance (without a default rel every check must state its own, or it fails).
 */
export const closeTo =
  (relDefault?: number, absDefault = 0) =>
  (got: unknown, want: number, label: string, rel = relDefault!, abs = absDefault): void => {
    expect(typeof got, label).toBe('number');
    expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));
  };

/** A check within tol·max(1, |want|): relative for large values, absolute for small ones (tol as closeTo's rel). */
export const nearTo =
  (tolDefault?: number) =>
  (got: unknown, want: number, what: string, tol = tolDefault!): void => {
    expect(Math.abs((got as number) - want), `${what}: ${String(got)} vs ${want}`).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(want)));
  };

/** The report's table whose title starts with `prefix`. */
export function tableOf(out: ToolOutput, prefix: string) {
  const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith(prefix));
  if (t?.type !== 'table') throw new Error(`no ${prefix}`);
  return t;
}

/** A table of the given numeric columns (for the refusals). */
export function numericTable(cols: Record<string, Array<number | null>>): DataTable {
  const names = Object.keys(cols);
  return {
    rows: cols[names[0]!]!.length,
    variables: names.map((name) => ({ name, type: 'numeric', valid: 0, missing: 0, distinct: 0, min: null, max: null, mean: null, levels: [] })),
    numeric: (n) => cols[n]!,
    text: (n) => cols[n]!.map((v) => (v === null ? null : String(v))),
  };
}
