// Test helper for the flows: a DataTable from literal columns (numbers, text, null for missing), and
// the decision chart's chosen branch read back from its ECharts option.
import type { VariableInfo } from '@labstat/contracts';
import { PALETTE } from '../charts.js';
import type { DataTable, ToolOutput } from '../tool.js';

export function columnsTable(columns: Record<string, Array<number | string | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables: VariableInfo[] = names.map((name) => {
    const present = columns[name]!.filter((v) => v !== null);
    const numeric = present.every((v) => typeof v === 'number');
    return { name, type: numeric ? 'numeric' : 'categorical', valid: present.length, missing: rows - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  });
  const get = (name: string) => {
    const c = columns[name];
    if (!c) throw new Error(`no column ${name}`);
    return c;
  };
  return {
    rows,
    variables,
    numeric: (name) => get(name).map((v) => (v === null ? null : Number(v))),
    text: (name) => get(name).map((v) => (v === null ? null : String(v))),
  };
}

/** Two samples as a long table: value column `y`, group column `g`. */
export function longTable(samples: Record<string, number[]>): DataTable {
  const y: number[] = [];
  const g: string[] = [];
  for (const [name, values] of Object.entries(samples)) for (const v of values) (y.push(v), g.push(name));
  return columnsTable({ y, g });
}

/** A table of two categorical columns `r` and `c` with the given counts (rows R1…, columns C1…). */
export function countsTable(counts: number[][]): DataTable {
  const r: string[] = [];
  const c: string[] = [];
  counts.forEach((row, i) => row.forEach((k, j) => {
    for (let t = 0; t < k; t++) (r.push(`R${i + 1}`), c.push(`C${j + 1}`));
  }));
  return columnsTable({ r, c });
}

/** The id of the filled (chosen) box of the decision chart, and the sentences under it. */
export function decision(out: ToolOutput): { chosenNode: string; steps: string } {
  const blocks = out.sections[0]!.blocks;
  const chart = blocks.find((b) => b.type === 'chart') as unknown as { option: { series: Array<{ data: Array<{ name: string; itemStyle: { color: string } }> }> } };
  const chosen = chart.option.series[0]!.data.filter((d) => d.itemStyle.color === PALETTE[0]);
  const steps = blocks.find((b) => b.type === 'text') as { markdown: string };
  return { chosenNode: chosen.map((d) => d.name).join(','), steps: steps.markdown };
}
