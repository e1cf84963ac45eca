// The analysis-tool calls of spec 01 §3 and §7: catalogue lists and classes, tool detail, step
// fields, submission and its result. Field names are the contract (`discription`, `toolcalss`).
import { z } from 'zod';
import { FieldValue, FormField } from './report.js';

export const ToolPaths = {
  search: '/anatools/basic/menu-list/searchtools',
  classes: '/anatools/basic/menu-list/class',
  searchAdvanced: '/anatools/searchtools-advanced',
  classesAdvanced: '/anatools/advanced/class',
  star: '/user/favor/star',
  base: '/anatools/config/base',
  stepParams: '/anatools/config/step-params',
  stepParamsRule: '/anatools/config/step-params-rule',
  manual: '/anatools/manual',
  runningTime: '/anatools/query/runningtime',
  video: '/anatools/video',
  /** Streams a tool video: `${videoPlay}/{fileId}?psign=…` (the signature of the video call). */
  videoPlay: '/anatools/video/play',
  submit: '/anatools/v2',
  report: '/anatools/v2/report',
  icon: '/anatools/icon',
  /** The report page the tool detail shows in its frame (DESIGN §5). */
  reportPage: '/reports',
} as const;

/** Standard tool families; they are the `level1` values and the /public-tool children. */
export const TOOL_LEVELS = [
  { key: 'visual', name: '可视化工具' },
  { key: 'small_process', name: '小流程工具' },
  { key: 'med', name: '医学统计工具' },
] as const;
export type ToolLevel = (typeof TOOL_LEVELS)[number]['key'];
export const ToolLevel = z.enum(['visual', 'small_process', 'med']);

export const TOOL_PAGE_SIZE = 12;

const intLike = z.coerce.number().int();
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const SearchToolsQuery = z.object({
  toolname: z.string().max(100).optional().default(''),
  toolcalss: z.string().max(64).optional().default(''),
  isFavor: flag.optional().default(false),
  level1: z.string().max(64).optional().default(''),
  page: intLike.min(1).max(100000).optional().default(1),
  limit: intLike.min(1).max(100).optional().default(TOOL_PAGE_SIZE),
});
export type SearchToolsQuery = z.input<typeof SearchToolsQuery>;

export const ToolInfo = z.object({
  title: z.string(),
  if_score: z.number().nullable(),
  fenqu: z.string(),
  paper_link: z.string(),
  /** Difficulty, 1–5 stars. */
  rating: z.number().int(),
  methods: z.array(z.string()),
});

export const ToolListItem = z.object({
  id: z.number().int(),
  toolname: z.string(),
  subname: z.string(),
  /** `complete` (literature-backed) or `module`; empty for a plain tool. */
  level2: z.string(),
  level1: z.string(),
  icon: z.string(),
  discription: z.string(),
  is_favor: z.boolean(),
  vip: z.boolean(),
  info: ToolInfo,
});
export type ToolListItem = z.infer<typeof ToolListItem>;

export const ToolClassQuery = z.object({ level1: z.string().max(64).optional().default('') });

export interface ToolClass {
  id: number;
  name: string;
  name_zh: string;
  title: string;
  children: ToolClass[];
}
export const ToolClass: z.ZodType<ToolClass> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), name_zh: z.string(), title: z.string(), children: z.array(ToolClass) }),
);

export const StarBody = z.object({ toolId: intLike.positive(), status: flag });

export const ToolIdQuery = z.object({ toolId: intLike });
export const BaseQuery = z.object({ toolId: intLike, taskId: z.string().max(64).optional().default('') });

export const StepGroup = z.object({ id: z.number().int(), name: z.string(), description: z.string(), order: z.number().int() });
export const ExampleFileRef = z.object({ _fid: z.string(), filed: z.string(), filename: z.string() });
export const FieldGroup = z.object({ group_name: z.string(), group_ids: z.array(z.number().int()) });

export const Step = z.object({
  id: z.number().int(),
  /** The step group's id. */
  pid: z.number().int(),
  name: z.string(),
  type: z.enum(['data', 'form']),
  identification: z.string(),
  toolId: z.number().int(),
  exampleFile: z.array(ExampleFileRef),
  form_data: z.array(FormField),
  data_info: z.string(),
  tips: z.string(),
  group: z.array(FieldGroup),
});
export type Step = z.infer<typeof Step>;

export const ToolDetail = z.object({
  toolname: z.string(),
  subname: z.string(),
  star: z.boolean(),
  tool_info: z.array(z.string()),
  step_group: z.array(StepGroup),
  step: z.array(Step),
  default_step: z.number().int(),
  notice_panel: z.object({ content: z.string() }),
  cservice_url: z.string(),
  is_authorized: z.number().int(),
  vip: z.boolean(),
  runningtime: z.number(),
  /** The submission as saved with the task, when opened with taskId. */
  task: z
    .object({ taskid: z.string(), status: z.string(), reportid: z.string().nullable(), report: z.string().nullable(), payload: z.unknown() })
    .nullable(),
});
export type ToolDetail = z.infer<typeof ToolDetail>;

export const StepParamsQuery = z.object({ step_id: intLike, taskId: z.string().max(64).optional().default('') });

export const StepParamsRuleBody = z.object({
  toolId: intLike,
  taskId: z.string().max(64).nullish(),
  /** The chosen file: a fid, or the spec's map of field to fid. */
  file: z.union([z.string().max(64), z.record(z.string(), z.string().max(64))]),
});
export type StepParamsRuleBody = z.input<typeof StepParamsRuleBody>;

export const ManualData = z.object({ manual: z.string() });
export const RunningTimeData = z.object({ runningtime: z.number() });
export const VideoData = z.object({
  status: z.number().int(),
  signature: z.object({ appId: z.string(), fileId: z.string(), psign: z.string() }).nullable(),
});
export type VideoData = z.infer<typeof VideoData>;

export const FormStepPayload = z.object({
  data: z.record(z.string(), FieldValue),
  identification: z.string().max(64).optional().default(''),
  toolId: intLike.optional(),
  stepId: intLike,
});

export const SubmitBody = z.object({
  taskId: z.string().max(64).nullish(),
  render: z.unknown().optional(),
  toolId: intLike,
  file: z.record(z.string(), z.string().max(64)),
  form: z.array(FormStepPayload).max(50),
  tempdatas: z.unknown().optional(),
  stepId: intLike.optional(),
  /**
   * The page's own random id for this submission, so it can ask GET /anatools/v2/queue for the
   * task's place in the queue while this request still waits (not in the spec's payload; optional).
   */
  ref: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
});
export type SubmitBody = z.input<typeof SubmitBody>;

export const SubmitResult = z.object({
  /** URL of the report page for the frame. */
  report: z.string(),
  taskid: z.string(),
  subdata: z.array(z.object({ _fid: z.string(), filename: z.string() })),
  reportid: z.string(),
});
export type SubmitResult = z.infer<typeof SubmitResult>;

export const ReportQuery = z.object({ taskId: z.string().min(1).max(64) });

export const TaskStatus = { running: '分析中', success: '成功', failure: '失败' } as const;

export const ToolMessages = {
  notFound: '工具不存在',
  needVip: '该工具需要开通会员后使用，开通后可免费使用100+工具',
  needSvip: '该工具为高级会员专享，请升级为高级会员后使用',
  noVideo: '此工具暂无视频',
  submitted: '修改成功',
  chooseFile: '请先选择数据文件',
  taskNotFound: '任务不存在',
  taskNotDone: '该任务尚未完成',
} as const;
