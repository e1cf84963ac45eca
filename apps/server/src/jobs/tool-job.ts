// Runs one analysis inside a worker thread of the job pool: builds the table from the columns the
// server read, runs the tool, and answers with the output or the user's message.
import { runTool, tableOf, toolById, ToolInputError, type ColumnSet, type Params, type ToolOutput } from '@labstat/tools';

export interface ToolJobInput {
  toolId: number;
  set: ColumnSet;
  params: Params;
  /** Test hook, honoured only when the pool allows faults: 'crash' kills the worker, 'hang' never returns. */
  fault?: 'crash' | 'hang';
}

export type ToolJobResult = { ok: true; output: ToolOutput } | { ok: false; message: string; internal: boolean };

export default function toolJob(input: ToolJobInput): ToolJobResult {
  if (input.fault === 'crash') process.exit(70);
  if (input.fault === 'hang') for (;;);
  const tool = toolById(input.toolId);
  if (!tool) return { ok: false, message: '工具不存在', internal: false };
  try {
    return { ok: true, output: runTool(tool, tableOf(input.set), input.params) };
  } catch (err) {
    if (err instanceof ToolInputError) return { ok: false, message: err.message, internal: false };
    return { ok: false, message: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err), internal: true };
  }
}
