// Reading a (time, event) outcome for the survival tools (Kaplan–Meier, Cox): which value of the
// outcome column means the event, listwise deletion over every column the analysis uses, and the
// refusals a user can act on (a time ≤ 0 named by its rows, no events, text in the time column).
import { binaryLevels, type BinaryLevels } from './binary-outcome.js';
import { requireVariables } from './common.js';
import { ToolInputError, type DataTable, type FieldSpec, type Params } from './tool.js';

/** The three outcome fields both survival tools start with. */
export const survivalOutcomeFields = (): FieldSpec[] => [
  { filed: 'time', name: '生存时间（随访时间）', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '从起点（如确诊、入组、手术）到事件或末次随访的时间，必须大于 0；单位（天、月、年）与报告一致。' },
  { filed: 'status', name: '结局变量（事件/删失）', type: 'select_single', columns: 'categorical', required: true, value: '', tips: '两个取值：事件（如死亡、复发）与删失（如存活、失访）。可以是 0/1、1/2 或文字。' },
  {
    filed: 'event',
    name: '代表事件的取值',
    type: 'input',
    value: '',
    tips: '填写结局变量中代表“发生事件”的取值（如 1、死亡、复发）；留空时自动识别：0/1 取 1，1/2 取 2，文字按名称识别（死亡、复发为事件，删失、存活为删失）。',
  },
];

/** A column the analysis needs besides the outcome, read as numbers or as text categories. */
export interface ExtraColumn {
  name: string;
  kind: 'numeric' | 'categorical';
}

export interface SurvivalRows {
  timeName: string;
  statusName: string;
  /** Data row indices (0-based) of the analysed rows. */
  rows: number[];
  time: number[];
  status: number[];
  events: number;
  /** Rows left out because a used column was missing. */
  excluded: number;
  coding: BinaryLevels;
  /** One sentence saying which value was taken as the event and how to change it. */
  codingNote: string;
  numeric: Map<string, number[]>;
  text: Map<string, string[]>;
}

/** "第 3、17、20 行" (data rows counted from 1 below the header), at most `max` of them. */
export function rowList(rows: readonly number[], max = 5): string {
  return `第 ${rows.slice(0, max).map((i) => i + 1).join('、')}${rows.length > max ? ` 等 ${rows.length} ` : ' '}行`;
}

/**
 * A column read as numbers (null where missing).
 * @throws ToolInputError naming the column and rows where a value is present but not a number.
 */
export function numericValues(data: DataTable, name: string): Array<number | null> {
  const nums = data.numeric(name);
  const raw = data.text(name);
  const bad: number[] = [];
  raw.forEach((v, i) => {
    if (v !== null && v.trim() !== '' && (nums[i] === null || !Number.isFinite(nums[i]!))) bad.push(i);
  });
  if (bad.length > 0) throw new ToolInputError(`变量“${name}”应为数值，但${rowList(bad)}含有非数值内容（如“${raw[bad[0]!]}”），请清理数据或将其作为分类变量`);
  return nums;
}

/**
 * The analysed rows: time, event status (1/0) and the extra columns, every one present.
 * @throws ToolInputError for missing choices, text in a numeric column, a time ≤ 0 (naming the rows),
 *   an outcome that is not two-class, or no event at all.
 */
export function readSurvival(data: DataTable, params: Params, extra: readonly ExtraColumn[] = []): SurvivalRows {
  const timeName = String(params.time ?? '');
  const statusName = String(params.status ?? '');
  if (!timeName || !statusName) throw new ToolInputError('请选择生存时间与结局变量');
  requireVariables(data, [timeName, statusName, ...extra.map((e) => e.name)]);
  if (timeName === statusName) throw new ToolInputError(`生存时间与结局变量不能是同一列“${timeName}”`);
  for (const e of extra) {
    if (e.name === timeName || e.name === statusName) throw new ToolInputError(`变量“${e.name}”已用作生存时间或结局，不能再作为分组或协变量`);
  }

  const numericOf = (name: string) => numericValues(data, name);
  const time = numericOf(timeName);
  const statusText = data.text(statusName);
  const numericCols = new Map(extra.filter((e) => e.kind === 'numeric').map((e) => [e.name, numericOf(e.name)]));
  const textCols = new Map(extra.filter((e) => e.kind === 'categorical').map((e) => [e.name, data.text(e.name)]));

  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    const s = statusText[i];
    if (time[i] === null || s === null || s === undefined || s.trim() === '') continue;
    if ([...numericCols.values()].some((c) => c[i] === null)) continue;
    if ([...textCols.values()].some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    rows.push(i);
  }
  if (rows.length === 0) throw new ToolInputError('去除缺失值后没有可分析的行，请检查所选变量');
  const nonPositive = rows.filter((i) => !(time[i]! > 0));
  if (nonPositive.length > 0) {
    const values = [...new Set(nonPositive.slice(0, 5).map((i) => time[i]!))].join('、');
    throw new ToolInputError(`生存时间“${timeName}”必须大于 0，但${rowList(nonPositive)}的值为 ${values}。请核对这些行（时间为 0 的可按随访半天或 0.5 个单位记录，或删除这些行）`);
  }
  const statusValues = rows.map((i) => statusText[i]!.trim());
  let coding: BinaryLevels;
  try {
    coding = binaryLevels(statusValues, statusName, String(params.event ?? ''), '结局变量', true);
  } catch (err) {
    const only = [...new Set(statusValues)];
    if (!(err instanceof ToolInputError) || only.length !== 1) throw err;
    throw new ToolInputError(
      `结局变量“${statusName}”在分析的行中只有一个取值“${only[0]}”：若它代表事件，请在“代表事件的取值”中填写；若全部为删失，则没有发生事件，无法进行生存分析`,
    );
  }
  if (coding.how === 'order') {
    throw new ToolInputError(`无法识别结局变量“${statusName}”中哪个取值代表事件（“${coding.negative}”或“${coding.positive}”），请在“代表事件的取值”中填写`);
  }
  const status: number[] = rows.map((i) => (statusText[i]!.trim() === coding.positive ? 1 : 0));
  const events = status.reduce((a, b) => a + b, 0);
  if (events === 0) throw new ToolInputError(`结局变量“${statusName}”中没有发生事件（“${coding.positive}”）的观测，无法进行生存分析；请检查“代表事件的取值”`);
  const how = { given: '按用户指定', named: '按取值名称自动识别', coded: '按数值编码自动识别，较大的编码为事件', order: '' }[coding.how];
  const codingNote =
    `结局变量“${statusName}”以“${coding.positive}”为事件${coding.negative === null ? '' : `、“${coding.negative}”为删失`}` +
    `（${how}${coding.how === 'given' ? '' : '；如需更改，请填写“代表事件的取值”'}）。`;
  return {
    timeName,
    statusName,
    rows,
    time: rows.map((i) => time[i]!),
    status,
    events,
    excluded: data.rows - rows.length,
    coding,
    codingNote,
    numeric: new Map([...numericCols].map(([k, c]) => [k, rows.map((i) => c[i]!)])),
    text: new Map([...textCols].map(([k, c]) => [k, rows.map((i) => c[i]!.trim())])),
  };
}

/** The footnote on listwise deletion. */
export const missingNote = (excluded: number): string =>
  excluded > 0 ? `${excluded} 行因所用变量缺失而未纳入分析（列表删除）。` : '所用变量均无缺失值。';

/** A list typed by the user ("a, b" or "a；b"), blanks dropped. */
export const splitList = (raw: unknown): string[] =>
  String(raw ?? '')
    .split(/[,，;；]/)
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** Levels of a category column in order of first appearance, or in the order the user gave. */
export function levelOrder(values: readonly string[], column: string, given: readonly string[] = []): string[] {
  const seen = [...new Set(values)];
  const order: string[] = [];
  for (const g of given) {
    if (!seen.includes(g)) throw new ToolInputError(`变量“${column}”中没有取值“${g}”，可选的取值为 ${seen.slice(0, 8).map((v) => `“${v}”`).join('、')}`);
    if (!order.includes(g)) order.push(g);
  }
  return [...order, ...seen.filter((v) => !order.includes(v))];
}

/** Round axis ticks from 0 past `max` (steps of 1, 2, 2.5 or 5 × 10^k, about `count` of them). */
export function timeTicks(max: number, count = 6): number[] {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let k = 0; k * step < max + step * 1e-9; k++) out.push(Number((k * step).toPrecision(12)));
  if (out[out.length - 1]! < max) out.push(Number((out.length * step).toPrecision(12)));
  return out;
}

/** Time points typed by the user ("12, 24, 36" or "12；24"), sorted and de-duplicated. */
export function parseTimes(raw: unknown, field: string): number[] {
  const s = String(raw ?? '').trim();
  if (s === '') return [];
  const parts = s.split(/[\s,，;；、]+/).filter((x) => x !== '');
  const out: number[] = [];
  for (const x of parts) {
    const v = Number(x);
    if (!Number.isFinite(v) || v <= 0) throw new ToolInputError(`“${field}”中的“${x}”不是大于 0 的数值；请用逗号分隔多个时间点，如 12, 24, 36`);
    out.push(v);
  }
  if (out.length > 20) throw new ToolInputError(`“${field}”最多填写 20 个时间点`);
  return [...new Set(out)].sort((a, b) => a - b);
}
