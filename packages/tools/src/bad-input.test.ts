// Every tool meets bad data with a clear Chinese message (a ToolInputError), never a crash or a
// report with holes: a missing column, constant columns, too few rows, text where numbers belong.
import { Report, type FieldValue } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from './examples.js';
import { runTool, TOOLS } from './registry.js';
import { readExampleTable } from './test-table.js';
import { ToolInputError, type DataTable, type Tool } from './tool.js';

function exampleParams(tool: Tool, table: DataTable): Record<string, FieldValue> {
  const params: Record<string, FieldValue> = {};
  for (const f of tool.definition.steps.flatMap((s) => s.fields)) params[f.filed] = f.value ?? null;
  return { ...params, ...(tool.definition.exampleParams ?? {}) };
}

/** A table derived from another: rows kept by `keep`, numeric columns rewritten by `num`. */
function derive(t: DataTable, keep: (i: number) => boolean, num?: (v: number | null, i: number) => number | null, text?: (v: string | null) => string | null): DataTable {
  const idx = Array.from({ length: t.rows }, (_, i) => i).filter(keep);
  return {
    rows: idx.length,
    variables: t.variables,
    numeric: (n) => idx.map((i) => (num ? num(t.numeric(n)[i]!, i) : t.numeric(n)[i]!)),
    text: (n) => idx.map((i) => (text ? text(t.text(n)[i]!) : t.text(n)[i]!)),
  };
}

/** Either a clean refusal or a valid report. */
function refusesOrReports(tool: Tool, table: DataTable, params: Record<string, FieldValue>): 'refused' | 'report' {
  try {
    const out = runTool(tool, table, params);
    const d = tool.definition;
    Report.parse(JSON.parse(JSON.stringify({ ...out, tool: { key: d.key, name: d.name, version: d.version }, parameters: params, dataFingerprint: 'x', engineVersion: '0', createdAt: 0 })));
    return 'report';
  } catch (err) {
    expect(err, `${tool.definition.key}: ${(err as Error).stack}`).toBeInstanceOf(ToolInputError);
    expect((err as Error).message).toMatch(/[\u4e00-\u9fa5]/);
    return 'refused';
  }
}

describe('tools on bad input', () => {
  for (const tool of TOOLS) {
    const d = tool.definition;
    const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === d.example)!.file);
    const params = exampleParams(tool, table);

    it(`${d.name}: a column that is not in the data`, () => {
      const key = Object.keys(d.exampleParams ?? {})[0]!;
      const v = params[key];
      const bad = { ...params, [key]: Array.isArray(v) ? ['不存在的列', ...v.slice(1)] : '不存在的列' };
      expect(refusesOrReports(tool, table, bad)).toBe('refused');
    });

    it(`${d.name}: constant numeric columns`, () => {
      refusesOrReports(tool, derive(table, () => true, (v) => (v === null ? null : 7)), params);
    });

    it(`${d.name}: only two rows`, () => {
      refusesOrReports(tool, derive(table, (i) => i < 2), params);
    });

    it(`${d.name}: text where numbers belong (all numeric cells unreadable)`, () => {
      refusesOrReports(tool, derive(table, () => true, () => null), params);
    });
  }
});
