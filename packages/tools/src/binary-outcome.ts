// Which value of a two-class column is the "positive" one (diseased, test positive, event): the
// user's choice when given, otherwise recognised from the value names, so reports never depend on
// how Chinese text happens to sort. Shared by the tools with a two-class outcome.
import { ToolInputError, type FieldSpec } from './tool.js';

const POSITIVE = ['阳性', '+', '是', '有', '患病', '病例', '异常', '不良', '死亡', '复发', '发生', '恶性', 'yes', 'y', 'true', 'positive', 'pos', 'case', 'disease', 'diseased', 'poor', 'dead', 'death', 'abnormal', 'event', 'malignant'];
const NEGATIVE = ['阴性', '-', '否', '无', '正常', '对照', '良好', '存活', '健康', '未发生', '良性', '删失', '截尾', 'no', 'n', 'false', 'negative', 'neg', 'control', 'normal', 'good', 'alive', 'healthy', 'benign', 'censored', 'censor'];

/** A free-text field for the positive value; empty means "recognise it". */
export const positiveLevelField = (filed: string, name: string, tips: string): FieldSpec => ({ filed, name, type: 'input', value: '', tips });

export interface BinaryLevels {
  positive: string;
  /** Null when the column holds the positive value only (allowed for a test that was always positive). */
  negative: string | null;
  /** How the positive value was settled, for the report. */
  how: 'given' | 'named' | 'coded' | 'order';
}

/** One line for the report saying which value was taken as positive and how to change it. */
export function levelNote(role: string, column: string, l: BinaryLevels, field: string): string {
  const how = {
    given: '按用户指定',
    named: '按取值名称自动识别',
    coded: '按数值编码自动识别（较大的编码为阳性）',
    order: '未能按名称识别，取排序后的第二个类别',
  }[l.how];
  return `${role}“${column}”以“${l.positive}”为阳性${l.negative === null ? '' : `、“${l.negative}”为阴性`}（${how}${l.how === 'given' ? '' : `；如需更改，请在“${field}”中填写`}）。`;
}

const sortLevels = (levels: string[]): string[] => {
  const numeric = levels.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
  return [...levels].sort(numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
};

/**
 * The positive and negative values of a two-class column.
 * @param values the column's values in the analysed rows (null or '' are ignored)
 * @param given the user's choice ('' to recognise it)
 * @param allowSingle accept a column holding one value (a test that was always positive, or always
 *   negative when `given` names a positive value it never took)
 * @throws ToolInputError naming the column when it is not two-class or `given` is not one of its values
 */
export function binaryLevels(values: ReadonlyArray<string | null>, column: string, given: string, role: string, allowSingle = false): BinaryLevels {
  const levels = sortLevels([...new Set(values.filter((v): v is string => v !== null && v.trim() !== ''))]);
  const list = (xs: string[]) => xs.slice(0, 6).map((x) => `“${x}”`).join('、') + (xs.length > 6 ? '等' : '');
  if (levels.length === 0) throw new ToolInputError(`${role}“${column}”在分析的行中没有有效取值`);
  if (levels.length > 2) throw new ToolInputError(`${role}“${column}”应为二分类变量，当前有 ${levels.length} 个类别（${list(levels)}），请先合并为两类`);
  const isPos = (l: string) => POSITIVE.includes(l.trim().toLowerCase());
  const isNeg = (l: string) => NEGATIVE.includes(l.trim().toLowerCase());
  const only = levels.length === 1 ? levels[0]! : null;
  if (only !== null && !allowSingle) throw new ToolInputError(`${role}“${column}”在分析的行中只有一个取值“${only}”，应为二分类变量（两类都要有）`);
  const want = given.trim();
  if (want !== '') {
    const hit = levels.find((l) => l === want) ?? levels.find((l) => l.trim() === want);
    if (hit !== undefined) return { positive: hit, negative: levels.find((l) => l !== hit) ?? null, how: 'given' };
    // A column holding one value that is not the given positive one: every result was negative.
    if (only !== null) return { positive: want, negative: only, how: 'given' };
    throw new ToolInputError(`${role}“${column}”中没有取值“${want}”，可选的取值为 ${list(levels)}`);
  }
  if (only !== null) {
    if (isPos(only)) return { positive: only, negative: null, how: 'named' };
    throw new ToolInputError(`${role}“${column}”只有一个取值“${only}”，无法判断它是阳性还是阴性；请在阳性取值中填写代表阳性的取值`);
  }
  const [a, b] = levels as [string, string];
  if (isPos(a) !== isPos(b)) return { positive: isPos(a) ? a : b, negative: isPos(a) ? b : a, how: 'named' };
  if (isNeg(a) !== isNeg(b)) return { positive: isNeg(a) ? b : a, negative: isNeg(a) ? a : b, how: 'named' };
  // Sorted numerically for numeric codes, so 0/1 (and 1/2) take the larger code as positive.
  const numeric = Number.isFinite(Number(a)) && Number.isFinite(Number(b));
  return { positive: b, negative: a, how: numeric ? 'coded' : 'order' };
}

/**
 * R for the same choice, for the reproducible script: the given value as an R string, or a call of
 * `pick_positive` (defined by `R_PICK_POSITIVE`) that recognises it as `binaryLevels` does.
 */
export const rPositive = (columnExpr: string, given: unknown): string => {
  const g = String(given ?? '').trim();
  return g !== '' ? JSON.stringify(g) : `pick_positive(${columnExpr})`;
};

const rVector = (xs: readonly string[]) => `c(${xs.map((x) => JSON.stringify(x)).join(', ')})`;

/** The R function behind `rPositive` (text sorted by code point as JS does, numeric codes as numbers). */
export const R_PICK_POSITIVE = [
  '# 阳性取值留空时，工具按取值名称识别阳性类别；此函数在 R 中做同样的识别',
  'pick_positive <- function(v) {',
  '  lv <- unique(trimws(na.omit(as.character(v)))); lv <- lv[lv != ""]',
  '  num <- suppressWarnings(as.numeric(lv))',
  '  cp <- vapply(lv, function(s) paste(sprintf("%06x", utf8ToInt(enc2utf8(s))), collapse = ""), "")  # 按字符编码排序',
  '  lv <- if (!anyNA(num)) lv[order(num)] else lv[order(cp, method = "radix")]',
  `  p <- tolower(lv) %in% ${rVector(POSITIVE)}`,
  `  n <- tolower(lv) %in% ${rVector(NEGATIVE)}`,
  '  if (length(lv) == 2 && sum(p) == 1) lv[p] else if (length(lv) == 2 && sum(n) == 1) lv[!n] else if (length(lv) == 1 && p[1]) lv[1] else lv[2]',
  '}',
];
