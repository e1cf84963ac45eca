// The data-processing method format (spec 01 §3 "Processing method: id, toolname, params", DESIGN §4):
// declaration apart from computation, like tools. A method plans one SQL SELECT over the source
// relation `src` (the file's columns under their own names, plus `__row` for the original order);
// the executor streams that SELECT into a new file. The original file is never changed.
import type { VariableInfo } from '@labstat/contracts';
import type { FieldSpec, Params } from '@labstat/tools';

export interface ProcessingDefinition {
  /** Stable id (processId), 5001+, never reused. */
  id: number;
  /** Stable slug, also the folder name. */
  key: string;
  version: number;
  /** Shown in the method list and the task center (the spec's `toolname`). */
  name: string;
  description: string;
  /** The parameter form; column fields list the chosen file's columns. */
  fields: FieldSpec[];
  /** Fields whose options are the user's other data files (merge, append). */
  fileFields?: string[];
}

/** Another data file opened for a method (merge, append): its relation name and columns. */
export interface OtherRelation {
  relation: string;
  filename: string;
  variables: VariableInfo[];
}

export interface ProcessingContext {
  /** The source file's variables, in column order (types as ingest detected them). */
  variables: readonly VariableInfo[];
  filename: string;
  rows: number;
  /** A read-only query over `src` (or an opened relation) for what a plan needs to know first. */
  query(sql: string): Promise<Array<Record<string, unknown>>>;
  /** Opens another of the user's files by `_fid` (merge, append); throws a Chinese message when it cannot. */
  openFile(fid: string): Promise<OtherRelation>;
}

export interface ProcessingOutput {
  /** SELECT giving the new table, rows in the order they should have. Column names are the new file's header. */
  sql: string;
  /** Appended to the source file's name: 「体检数据_缺失值处理.csv」. */
  suffix: string;
}

export interface ProcessingPlan {
  /** One output, or several (split by group). */
  outputs: ProcessingOutput[];
  /** Lines of the short report: what changed and how many (Chinese, plain text, no markup). */
  notes: string[];
  /** Optional table for the report (e.g. the recode mapping, the missing-value summary). */
  tables?: Array<{ title: string; columns: string[]; rows: Array<Array<string | number | null>> }>;
}

export interface ProcessingMethod {
  definition: ProcessingDefinition;
  plan(ctx: ProcessingContext, params: Params): Promise<ProcessingPlan>;
}

/** A bad choice the user can fix; the message is Chinese (ToolInputError, so the server maps it alike). */
export { ToolInputError as ProcessingInputError } from '@labstat/tools';
