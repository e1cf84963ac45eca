// Runs one analysis inside a worker thread of the job pool: builds the table from the columns the
// server read, runs the tool, and answers with the output or the user's message.
import type { CalcRow } from '@labstat/contracts';
import { calcToolById, runCalcTool, runTool, tableOf, toolById, ToolInputError, type ColumnSet, type Params, type ToolOutput } from '@labstat/tools';

export interface ToolJobInput {
  toolId: number;
  set: ColumnSet;
  params: Params;
  /** A calculation tool's typed table and form (toolId is then the calculation tool's id; set is empty). */
  calc?: { rows: CalcRow[]; form: Record<string, unknown> };
  /** Test hook, honoured only when the pool allows faults: 'crash' kills the worker, 'hang' never returns. */
  fault?: 'crash' | 'hang';
  /** The submitting request's id (X-Request-Id), for the worker's log lines. */
  requestId?: string;
}

export type ToolJobResult = { ok: true; output: ToolOutput } | { ok: false; message: string; internal: boolean };

export default function toolJob(input: ToolJobInput): ToolJobResult {
  if (input.fault === 'crash') process.exit(70);
  if (input.fault === 'hang') for (;;);
  try {
    if (input.calc) {
      const calc = calcToolById(input.toolId);
      if (!calc) return { ok: false, message: '计算工具不存在', internal: false };
      return { ok: true, output: runCalcTool(calc, input.calc.rows, input.calc.form) };
    }
    const tool = toolById(input.toolId);
    if (!tool) return { ok: false, message: '工具不存在', internal: false };
    return { ok: true, output: runTool(tool, tableOf(input.set), input.params) };
  } catch (err) {
    if (err instanceof ToolInputError) return { ok: false, message: err.message, internal: false };
    return { ok: false, message: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err), internal: true };
  }
}
