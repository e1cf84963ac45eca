// Runs a method's plan with DuckDB: the source Parquet copy is opened as the view `src` under the
// file's own column names, the plan's SELECTs are streamed into CSV files (UTF-8, header row), and
// the caller ingests those as new data files. Nothing is held in JavaScript memory but the counts.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo } from '@labstat/contracts';
import { validateFields, ToolInputError, type Params } from '@labstat/tools';
import type { OtherRelation, ProcessingMethod, ProcessingPlan } from './method.js';
import { ident, lit } from './sql.js';

export interface ExecuteInput {
  con: DuckDBConnection;
  method: ProcessingMethod;
  params: Params;
  /** The source file: its variables and a relation (view) name already created over its rows. */
  variables: readonly VariableInfo[];
  filename: string;
  rows: number;
  openFile(fid: string): Promise<OtherRelation>;
  /** Where output i is written (a .csv path). */
  outPath(i: number): string;
}

export interface ExecuteResult {
  plan: ProcessingPlan;
  outputs: Array<{ path: string; suffix: string; rows: number }>;
}

/** DuckDB's own messages (a bad cast, an unknown column) become a Chinese message the user can act on. */
function duckMessage(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  if (/Division by zero/i.test(m)) return '计算中出现除以 0，请检查表达式';
  if (/Referenced column|not found in FROM clause/i.test(m)) return '表达式或条件中引用了数据中不存在的变量';
  if (/Conversion Error|Could not convert/i.test(m)) return '数据中有无法转换的值，请检查变量类型';
  if (/Out of Memory/i.test(m)) return '数据量过大，处理时内存不足，请减少数据后重试';
  return '数据处理失败，请检查参数';
}

/**
 * The output SELECT with whole numbers written as 5 rather than DuckDB's 5.0 (the source's numbers
 * are DOUBLE), so a downloaded file reads as the user typed it.
 */
export async function tidyNumbers(con: DuckDBConnection, sql: string, i: number): Promise<string> {
  const view = `__out_${i}`;
  await con.run(`CREATE OR REPLACE TEMP VIEW ${view} AS ${sql}`);
  const cols = (await con.runAndReadAll(`DESCRIBE ${view}`)).getRowObjectsJS() as Array<{ column_name: string; column_type: string }>;
  const names = new Set<string>();
  for (const c of cols) {
    if (names.has(c.column_name)) throw new ToolInputError(`结果中有重名的变量“${c.column_name}”，请换一个新变量名`);
    names.add(c.column_name);
  }
  const list = cols.map(({ column_name: n, column_type: t }) =>
    t === 'DOUBLE' || t === 'FLOAT'
      ? `CASE WHEN isfinite(${ident(n)}) AND ${ident(n)} = trunc(${ident(n)}) AND abs(${ident(n)}) < 1e15 THEN CAST(CAST(${ident(n)} AS BIGINT) AS VARCHAR) ELSE CAST(${ident(n)} AS VARCHAR) END AS ${ident(n)}`
      : ident(n),
  );
  return `SELECT ${list.join(', ')} FROM ${view}`;
}

export async function executeProcessing(input: ExecuteInput): Promise<ExecuteResult> {
  const { con, method } = input;
  const params = validateFields(method.definition.fields, input.params, input.variables);
  const ctx = {
    variables: input.variables,
    filename: input.filename,
    rows: input.rows,
    query: async (sql: string) => {
      try {
        return (await con.runAndReadAll(sql)).getRowObjectsJS() as Array<Record<string, unknown>>;
      } catch (err) {
        throw new ToolInputError(duckMessage(err));
      }
    },
    openFile: input.openFile,
  };
  const plan = await method.plan(ctx, params);
  if (plan.outputs.length === 0) throw new ToolInputError('没有可输出的数据');
  const outputs: ExecuteResult['outputs'] = [];
  for (const [i, o] of plan.outputs.entries()) {
    const path = input.outPath(i);
    try {
      // COPY answers the number of rows it wrote.
      const written = await con.runAndReadAll(`COPY (${await tidyNumbers(con, o.sql, i)}) TO ${lit(path)} (FORMAT csv, HEADER true, DELIMITER ',', QUOTE '"')`);
      const rows = Number(written.getRows()[0]?.[0] ?? 0);
      if (rows === 0) throw new ToolInputError(plan.outputs.length > 1 ? `“${o.suffix}”处理后没有数据行` : '处理后没有剩下任何数据行，请检查条件');
      outputs.push({ path, suffix: o.suffix, rows });
    } catch (err) {
      if (err instanceof ToolInputError) throw err;
      throw new ToolInputError(duckMessage(err));
    }
  }
  return { plan, outputs };
}
