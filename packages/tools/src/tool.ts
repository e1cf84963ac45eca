// The tool definition format (DESIGN §4): declaration apart from computation. A definition is
// plain data, cheap to import; `run` is pure (table, params) → report content.
import type { FieldOption, FieldValue, FormField, Report, ReportSection, VariableInfo } from '@labstat/contracts';

/** Which of the data file's columns a field offers as options. */
export type ColumnKind = 'numeric' | 'categorical' | 'any';

/** A form field as a tool declares it; ids are assigned by the registry. */
export interface FieldSpec extends Omit<Partial<FormField>, 'id' | 'filed' | 'name' | 'type'> {
  filed: string;
  name: string;
  type: FormField['type'];
  /** Options come from the chosen file's columns of this kind. */
  columns?: ColumnKind;
  /** Fields a submission must fill. */
  required?: boolean;
}

export interface StepSpec {
  /** Stable within the tool. */
  key: string;
  group: string;
  name: string;
  type: 'data' | 'form';
  tips?: string;
  notice?: string;
  fields: FieldSpec[];
}

export interface ToolDefinition {
  /** Stable numeric id (toolId in URLs), never reused. */
  id: number;
  /** Stable slug, also the folder name. */
  key: string;
  /** Bumped when the form changes, so saved parameters say which form they belong to. */
  version: number;
  name: string;
  subname: string;
  description: string;
  /** 'advanced': the advanced tools (spec 01 /high-tool); their first category is the menu item. */
  family: 'visual' | 'small_process' | 'med' | 'advanced';
  /** Category path, up to three levels. */
  categories: string[];
  difficulty: 1 | 2 | 3 | 4 | 5;
  methods: string[];
  vip: boolean;
  /** An advanced-members tool (spec 02: the second tier); implies `vip`. */
  svip?: boolean;
  /** Literature behind a `complete` tool, shown on its card instead of the description (spec 01 §2). */
  literature?: { title: string; impactFactor: number | null; partition: string; link: string };
  /** A `module` tool: the module's icon (URL) and description, shown on its card. */
  module?: { icon: string; description: string };
  /** Expected run time in seconds (the progress ring counts over it). */
  runningTime: number;
  /** Key of its example file in examples.ts. */
  example: string;
  /** Column choices that suit the example file (preselected when the example is chosen). */
  exampleParams?: Record<string, FieldValue>;
  stepGroups: Array<{ key: string; name: string; description: string }>;
  steps: StepSpec[];
}

/** Columns of the user's table as a tool sees them: numbers or text, null where missing. */
export interface DataTable {
  rows: number;
  variables: readonly VariableInfo[];
  numeric(name: string): Array<number | null>;
  text(name: string): Array<string | null>;
}

export type Params = Record<string, FieldValue>;

/**
 * A new data file a tool makes from the analysed one (matched or weighted data, scores): the
 * source rows `rows` (0-based row numbers of the table the tool was given, in this order, repeats
 * allowed) with every column of the source file, followed by `columns` (one value per entry of
 * `rows`). The server saves it as a new file of the user's, named after the source plus `suffix`,
 * and says so at the end of the report.
 */
export interface DerivedData {
  suffix: string;
  rows: number[];
  columns: Array<{ name: string; values: Array<number | string | null> }>;
}

/** What a run returns; the report envelope (fingerprint, versions, time) is added around it. */
export interface ToolOutput {
  title: string;
  sections: ReportSection[];
  results: Report['results'];
  derivedData?: DerivedData;
}

export interface Tool {
  definition: ToolDefinition;
  run(table: DataTable, params: Params): ToolOutput;
}

/** A bad input the user can fix; the message is Chinese and says how. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

export const option = (lable: string, value: FieldOption['value']): FieldOption => ({ lable, value });
