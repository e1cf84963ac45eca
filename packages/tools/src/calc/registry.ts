// The one list of calculation tools (DESIGN §4). Adding one is adding its folder and a line here.
import type { CalcParamsData, CalcRow, CalcTreeNode } from '@labstat/contracts';
import { StatsError } from '@labstat/stats';
import { renderFields, validateFields } from '../catalogue.js';
import { ToolInputError, type ToolOutput } from '../tool.js';
import { filledRows, type CalcTool } from './calc-tool.js';
import { FORMULA_TOOLS } from './groups/formulas.js';
import { FROM_COUNTS_TOOLS } from './groups/from-counts.js';
import { SAMPLE_SIZE_TOOLS } from './groups/sample-size.js';

/** Every calculation tool, in the order of the page's tree; each group file lists its tools one per line. */
export const CALC_TOOLS: readonly CalcTool[] = [...SAMPLE_SIZE_TOOLS, ...FROM_COUNTS_TOOLS, ...FORMULA_TOOLS];

export function calcToolById(id: number): CalcTool | undefined {
  return CALC_TOOLS.find((t) => t.definition.id === id);
}

/** Field ids of a calculation tool's form: `(id * 100 + 51) * 100 + i + 1`, like a tool's first step. */
const fieldBase = (id: number) => id * 100 + 51;

/** The tree the page shows: categories in order of first appearance, tools as clickable leaves. */
export function calcTree(): CalcTreeNode[] {
  const roots: CalcTreeNode[] = [];
  let nextCategory = 1;
  for (const { definition: d } of CALC_TOOLS) {
    let level = roots;
    let path = '';
    for (const name of d.categories) {
      path = path ? `${path}/${name}` : name;
      let node = level.find((n) => !n.clickable && n.name === name);
      if (!node) {
        node = { id: 49000 + nextCategory++, name, label: `category:${path}`, children: [], clickable: false, params: [] };
        level.push(node);
      }
      level = node.children;
    }
    level.push({ id: d.id, name: d.name, label: d.key, children: [], clickable: true, params: renderFields(d.fields, fieldBase(d.id)) });
  }
  return roots;
}

/** GET /anatools/v2/calc-tool/params without the manual URL (the server knows where manuals live). */
export function calcParams(tool: CalcTool): Omit<CalcParamsData, 'manual_url'> {
  const d = tool.definition;
  return {
    example_data: { column_names: d.table?.columns ?? [], data: d.table?.example ?? [] },
    params: renderFields(d.fields, fieldBase(d.id)),
  };
}

/**
 * Checks the form against the tool's fields, drops empty rows and runs it; what the numbers cannot
 * support (the engine's typed errors) becomes a ToolInputError with its Chinese message.
 */
export function runCalcTool(tool: CalcTool, rows: readonly CalcRow[], form: Record<string, unknown>): ToolOutput {
  const params = validateFields(tool.definition.fields, form as never, []);
  try {
    return tool.run({ rows: filledRows(tool.definition, rows), form: params });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
}
