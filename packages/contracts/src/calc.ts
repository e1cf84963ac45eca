// Calculation tools and data processing (spec 01 §2, §3, §7): the calls of /calculate/index and of
// the data-processing screen. Field names are the contract (`label` idname, `column_names`, `_fid`).
import { z } from 'zod';
import { FieldValue, FormField } from './report.js';

export const CalcPaths = {
  list: '/anatools/v2/calc-tool/list',
  params: '/anatools/v2/calc-tool/params',
  submit: '/anatools/v2/calc-tool',
  /** A result page: `${resultPage}/{id}/{name}.html` (shown in the result frame, saved by 下载结果). */
  resultPage: '/calc-results',
  /** A calculation tool's manual page (the help drawer's frame): `${manualPage}/{toolid}`. */
  manualPage: '/calc-manual',
} as const;

export const ProcessingPaths = {
  list: '/anatools/v2/dataProcessing/list',
  paramsRule: '/anatools/v2/dataProcessing/params-rule',
  manual: '/anatools/v2/dataProcessing/manual',
  video: '/anatools/v2/dataProcessing/video',
  submit: '/anatools/v2/dataProcessing',
} as const;

/** The route of the data-processing screen in the web app (the spec names no path). */
export const PROCESSING_ROUTE = '/data-processing/index';

const intLike = z.coerce.number().int();

/** A node of the calculation tools' tree: a category (children, not clickable) or a tool (clickable). */
export interface CalcTreeNode {
  id: number;
  name: string;
  /** The tool's idname (its stable key); categories carry their own. */
  label: string;
  children: CalcTreeNode[];
  clickable: boolean;
  params: FormField[];
}
export const CalcTreeNode: z.ZodType<CalcTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    label: z.string(),
    children: z.array(CalcTreeNode),
    clickable: z.boolean(),
    params: z.array(FormField),
  }),
);
export const CalcListData = z.object({ calctoolList: z.array(CalcTreeNode) });
export type CalcListData = z.infer<typeof CalcListData>;

export const CalcIdQuery = z.object({ toolid: intLike.positive() });

export const CalcCell = z.union([z.string().max(200), z.number(), z.null()]);
export type CalcCell = z.infer<typeof CalcCell>;
/** A row of the editable table, keyed by the column's `value`. */
export const CalcRow = z.record(z.string().max(64), CalcCell);
export type CalcRow = z.infer<typeof CalcRow>;

export const CalcColumn = z.object({ label: z.string(), value: z.string() });
export type CalcColumn = z.infer<typeof CalcColumn>;

export const CalcParamsData = z.object({
  /** Empty `column_names` for a tool that takes only parameters (no table is shown). */
  example_data: z.object({ column_names: z.array(CalcColumn), data: z.array(CalcRow) }),
  manual_url: z.string(),
  params: z.array(FormField),
});
export type CalcParamsData = z.infer<typeof CalcParamsData>;

/** Most rows a typed table may have. */
export const CALC_MAX_ROWS = 500;

export const CalcSubmitBody = z.object({
  toolid: intLike.positive(),
  data: z.array(CalcRow).max(CALC_MAX_ROWS, `表格最多 ${CALC_MAX_ROWS} 行`).optional().default([]),
  form: z.record(z.string().max(64), FieldValue).optional().default({}),
});
export type CalcSubmitBody = z.input<typeof CalcSubmitBody>;
export const CalcResultData = z.object({ result: z.string() });
export type CalcResultData = z.infer<typeof CalcResultData>;

/** Column width of the editable table (spec 01 §5): 14 px per character, clamped to 80–300. */
export function calcColumnWidth(label: string): number {
  return Math.min(300, Math.max(80, Array.from(label).length * 14));
}

export const CalcMessages = {
  notFound: '计算工具不存在',
  emptyTable: '表格中没有数据，请先填写',
  resultGone: '计算结果已过期，请重新计算',
  noData: '暂未选择数据',
} as const;

// ---- data processing ----

export const ProcessingItem = z.object({ id: z.number().int(), toolname: z.string(), discription: z.string(), params: z.array(FormField) });
export type ProcessingItem = z.infer<typeof ProcessingItem>;

export const ProcessIdQuery = z.object({ processId: intLike.positive() });
export const ProcessingRuleQuery = z.object({ processId: intLike.positive(), _fid: z.string().min(1).max(64) });

export const ProcessingSubmitBody = z.object({
  processId: intLike.positive(),
  /** The chosen file's `_fid` (or a map of field to `_fid`, as tool submissions send it). */
  file: z.union([z.string().min(1).max(64), z.record(z.string().max(64), z.string().max(64))]),
  form: z.record(z.string().max(64), FieldValue).optional().default({}),
});
export type ProcessingSubmitBody = z.input<typeof ProcessingSubmitBody>;

export const ProcessingResultData = z.object({
  taskid: z.string(),
  /** The new data file(s), first the main one. */
  subdata: z.array(z.object({ _fid: z.string(), filename: z.string() })),
  _fid: z.string(),
  filename: z.string(),
  /** The short report of what changed. */
  report: z.string(),
  reportid: z.string(),
});
export type ProcessingResultData = z.infer<typeof ProcessingResultData>;

export const ProcessingMessages = {
  notFound: '数据处理方法不存在',
  chooseFile: '请先选择数据文件',
  noVideo: '暂无视频',
} as const;
