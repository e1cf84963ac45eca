// Test helper: runs a tool on its example file with its default parameters (the example's
// preselected columns included) and wraps the output as the server would store it.
import type { FieldValue, Report } from '@labstat/contracts';
import { EXAMPLE_FILES } from './examples.js';
import type { Tool } from './tool.js';
import { readExampleTable } from './test-table.js';

export function exampleParams(tool: Tool, table: ReturnType<typeof readExampleTable>): Record<string, FieldValue> {
  const d = tool.definition;
  const params: Record<string, FieldValue> = {};
  for (const f of d.steps.flatMap((s) => s.fields)) {
    params[f.filed] = f.value ?? null;
    if (f.required && f.columns) {
      const cols = table.variables.filter((v) => f.columns === 'any' || v.type === f.columns).map((v) => v.name);
      params[f.filed] = f.type === 'select_multi' ? cols.slice(0, 2) : cols[0]!;
    }
  }
  return Object.assign(params, d.exampleParams ?? {});
}

/** The tool's report on its example data, as stored (JSON round trip included). */
export function exampleReport(tool: Tool): Report {
  const d = tool.definition;
  const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === d.example)!.file);
  const params = exampleParams(tool, table);
  const out = tool.run(table, params);
  const report = { ...out, tool: { key: d.key, name: d.name, version: d.version }, parameters: params, dataFingerprint: 'x', engineVersion: '0', createdAt: 0 };
  return JSON.parse(JSON.stringify(report)) as Report;
}
