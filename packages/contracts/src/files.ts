// Data-file calls (spec 01 §7): upload, list, page through, describe, delete, example downloads.
import { z } from 'zod';

export const FilePaths = {
  upload: '/v2/datamanager/uploadfile',
  list: '/v2/datamanager/filelist',
  detail: '/v2/datamanager/detailfile',
  vars: '/v2/datamanager/filevars',
  remove: '/v2/datamanager/file/delete',
  /** Our own: streams a user's original file back (`downloadPath` of their files). */
  download: '/v2/datamanager/download',
  example: '/anatools/v2/example',
  /** Our own: public download of an example file's original. */
  exampleDownload: '/anatools/v2/example/download',
} as const;

/** Upload limit (spec 01 §5, §9): the server refuses anything larger with the same text. */
export const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const PREVIEW_PAGE_SIZE = 100;

export const FileMessages = {
  tooLarge: '上传文件大小不能超过200M!',
  deleteConfirm: '此操作将永久删除该文件, 是否继续?',
  deleted: '删除成功!',
  notFound: '文件不存在或已被删除',
  noFile: '请选择要上传的文件（字段 file1）',
  empty: '文件是空的，请检查后重新上传',
  noRows: '文件只有表头，没有数据行',
  unknownType: '无法识别的文件格式：请上传 xlsx、xls 或 csv 文件',
  exampleReadOnly: '示例文件不能删除',
} as const;

export const VariableType = z.enum(['numeric', 'categorical', 'date']);
export type VariableType = z.infer<typeof VariableType>;

export const VariableTypeLabel: Record<VariableType, string> = {
  numeric: '数值型',
  categorical: '分类型',
  date: '日期型',
};

/** One column of an ingested file, as filevars describes it. */
export const VariableInfo = z.object({
  name: z.string(),
  type: VariableType,
  /** Values present (not missing). */
  valid: z.number().int(),
  missing: z.number().int(),
  distinct: z.number().int(),
  /** Numeric: min and max; date: first and last date (YYYY-MM-DD). */
  min: z.union([z.number(), z.string()]).nullable(),
  max: z.union([z.number(), z.string()]).nullable(),
  mean: z.number().nullable(),
  /** Categorical (and numeric with few distinct values): the most frequent levels. */
  levels: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type VariableInfo = z.infer<typeof VariableInfo>;

/** A number as summaries print it: integers as they are, others to 6 significant digits. */
export function formatNumber(x: number | string | null): string {
  if (x === null) return '';
  if (typeof x === 'string') return x;
  return Number.isInteger(x) ? String(x) : Number(x.toPrecision(6)).toString();
}

const levelList = (v: VariableInfo) => v.levels.map((l) => `${l.value}(${l.count})`).join('、');

/** The range or top levels of a variable, one line, as filevars and the variable panel show it. */
export function variableDetail(v: VariableInfo): string {
  if (v.valid === 0) return '全部缺失';
  if (v.type === 'numeric') {
    const range = `范围 ${formatNumber(v.min)} ~ ${formatNumber(v.max)}，均值 ${formatNumber(v.mean)}`;
    return v.distinct <= 12 && v.levels.length > 0 ? `${range}；取值 ${levelList(v)}` : range;
  }
  if (v.type === 'date') return `${v.min} 至 ${v.max}`;
  return `${v.distinct} 个水平：${levelList(v)}${v.distinct > v.levels.length ? '…' : ''}`;
}

export const FileSummary = z.object({
  _fid: z.string(),
  filename: z.string(),
  /** Data rows (header excluded). */
  rows: z.number().int(),
  cols: z.number().int(),
  size: z.number().int(),
  kind: z.enum(['csv', 'xlsx', 'xls']),
  is_example: z.boolean(),
  created_at: z.number().int(),
  /** Chinese notes from ingest: renamed columns, padded rows, skipped title rows, encoding. */
  notes: z.array(z.string()),
  downloadPath: z.string(),
});
export type FileSummary = z.infer<typeof FileSummary>;

export const FidQuery = z.object({ _fid: z.string().min(1).max(64) });

export const DetailQuery = z.object({
  _fid: z.string().min(1).max(64),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(PREVIEW_PAGE_SIZE),
});

export const CellValue = z.union([z.string(), z.number(), z.null()]);
export const DetailData = z.object({
  /** First row is the header, then up to page_size data rows. */
  rows: z.array(z.array(CellValue)),
  total: z.number().int(),
});
export type DetailData = z.infer<typeof DetailData>;

export const VarsQuery = z.object({
  _fid: z.string().min(1).max(64),
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).optional(),
});
export const VarsData = z.object({ str: z.string(), vars: z.array(VariableInfo) });
export type VarsData = z.infer<typeof VarsData>;

export const ExampleData = z.object({ downloadPath: z.string(), filename: z.string() });
