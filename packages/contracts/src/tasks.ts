// The task center (spec 01 §2, §3, §7) and report downloads and share links (DESIGN §5).
import { z } from 'zod';
import { TaskStatus } from './tools.js';

export const TaskPaths = {
  /** Standard tools' tasks (/task/public-tool-task). */
  listTool: '/user/task/tool',
  /** Advanced tools' tasks (/task/height-tool-task). */
  listProcess: '/user/task/process',
  deleteTool: '/delete/task/tool',
  deleteProcess: '/delete/task/process',
  /** POST { reportid } → { downloadPath } of the Word document. */
  getResult: '/anatools/v2/getresult',
  /** Public page of a shared report: /s/{token}. */
  sharePage: '/s',
  /** GET ?ref= → the submission's task and its place in the queue, while POST /anatools/v2 waits. */
  queue: '/anatools/v2/queue',
} as const;

/** Tasks per page of the task center (spec 01 §9). */
export const TASK_PAGE_SIZE = 15;

export const TASK_FILTERS = ['全部', TaskStatus.running, TaskStatus.success, TaskStatus.failure] as const;

export const TaskListQuery = z.object({
  /** 全部 (or empty) lists every status. */
  status: z
    .enum(['', ...TASK_FILTERS])
    .optional()
    .transform((s) => (s === '' || s === '全部' ? undefined : s)),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TASK_PAGE_SIZE),
});
export type TaskListQuery = z.input<typeof TaskListQuery>;

export const TaskItem = z.object({
  toolid__toolname: z.string(),
  toolid__id: z.number().int(),
  taskid: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", Beijing time. */
  create_time: z.string(),
  /** When the task ended; empty while 分析中. */
  update_time: z.string(),
  status: z.enum([TaskStatus.running, TaskStatus.success, TaskStatus.failure]),
  /** Why a task failed (empty otherwise). */
  message: z.string(),
  /** A data-processing task's report page (its 查看 opens it; tools' tasks open the tool detail). */
  report: z.string().optional(),
  /** A 分析中 task still waiting for a worker: shown as 排队中. */
  queued: z.boolean(),
  /** Its 1-based place in the queue, when the server that holds it answers; null otherwise. */
  queue_position: z.number().int().nullable(),
});
export type TaskItem = z.infer<typeof TaskItem>;

/** Shown for a 分析中 task that waits for a worker; the status itself stays 分析中. */
export const QUEUED_LABEL = '排队中';

export const QueueQuery = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** The task of a waiting submission; null until the server has created it. */
export const QueueState = z
  .object({
    taskid: z.string(),
    status: z.enum([TaskStatus.running, TaskStatus.success, TaskStatus.failure]),
    queued: z.boolean(),
    queue_position: z.number().int().nullable(),
  })
  .nullable();
export type QueueState = z.infer<typeof QueueState>;

export const TaskListData = z.object({ task_list: z.array(TaskItem), count: z.number().int() });
export type TaskListData = z.infer<typeof TaskListData>;

export const TaskDeleteQuery = z.object({ taskid: z.string().min(1).max(64) });

export const GetResultBody = z.object({ reportid: z.string().regex(/^[0-9a-f]{24}$/, '报告编号无效') });
export const GetResultData = z.object({ downloadPath: z.string() });
export type GetResultData = z.infer<typeof GetResultData>;

/** A report's share link: `path` is /s/{token}, null when the report is not shared. */
export const ShareData = z.object({ path: z.string().nullable() });
export type ShareData = z.infer<typeof ShareData>;

export const TaskCenterMessages = {
  deleted: '删除成功',
  /** Answer of a submission whose task was deleted before it finished. */
  deletedWhileRunning: '任务已被删除，分析结果未保存',
  shareRevoked: '该分享链接已被撤销，请向分享者索取新的链接',
  shareUnknown: '分享链接不存在或已失效',
  shareCreated: '已创建分享链接',
  shareStopped: '已撤销分享链接',
  downloadFailed: '下载失败',
} as const;
