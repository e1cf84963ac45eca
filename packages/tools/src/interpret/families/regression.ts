// Explainers of the regression family (issue 17): linear, binary logistic, multinomial, ordinal and
// count (Poisson / negative binomial) regression. They share the reading of coefficient terms
// (numeric covariate or factor level against its reference), the ordering of terms (significant
// first, long lists capped) and the wording of ratio estimates; survival.ts reuses these helpers.
import { ciPart, fmt, levelText, name, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

type Explainer = (f: ReportFacts) => Explanation;

/** How many per-term lines a list shows before pointing to the report's table. */
export const MAX_TERM_LINES = 8;
/** How many terms a sentence names. */
export const MAX_NAMED = 6;

// ---------------------------------------------------------------------------------------------
// Shared helpers (also used by survival.ts)

/** A parameter that holds a list of column names, raw (not escaped). */
export function listParam(f: ReportFacts, key: string): string[] {
  const v = f.report.parameters[key];
  if (Array.isArray(v)) return v.map(String).filter((x) => x !== '');
  return typeof v === 'string' && v !== '' ? [v] : [];
}

/** A raw string parameter ('' when unset). */
export function rawParam(f: ReportFacts, key: string): string {
  const v = f.report.parameters[key];
  return v === null || v === undefined ? '' : String(v);
}

/** A raw string result ('' when absent). */
export function rawResult(f: ReportFacts, key: string): string {
  const v = f.report.results[key];
  return typeof v === 'string' ? v : '';
}

/** The confidence level as the report prints it, e.g. "95%" (whole percent). */
export const levelPct = (f: ReportFacts): string => `${levelText(f)}%`;

/** A user name in Chinese quotes, escaped. */
export const q = (s: string): string => `“${name(s)}”`;

/** “a”、“b”、“c” 等 — at most `max` names. */
export function nameList(names: readonly string[], max = MAX_NAMED): string {
  const shown = names.slice(0, max).map(q).join('、');
  return names.length > max ? `${shown}等` : shown;
}

/** A number as the report prints it with at most `digits` decimals (trailing zeros dropped). */
export function plain(x: number, digits = 2): string {
  return String(Number(x.toFixed(digits)));
}

/** The first table whose title contains `part`, its column `column`, row `row`. */
export function tableCell(f: ReportFacts, part: string, column: string, row = 0): Cell {
  const t = f.table(part);
  if (!t) return null;
  const j = t.columns.findIndex((c) => c.includes(column));
  if (j < 0) return null;
  return t.rows[row]?.[j] ?? null;
}

/** A table row whose first cell equals (or contains) `label`. */
export function tableRow(f: ReportFacts, part: string, label: string): Cell[] | undefined {
  return f.rows(part).find((r) => typeof r[0] === 'string' && r[0].includes(label));
}

/** The conclusion's paragraphs after the first (the tool's own warnings) that match one of `patterns`. */
export function toolWarnings(f: ReportFacts, patterns: readonly RegExp[]): string[] {
  const paras = f.conclusionText().split(/\n\n+/).slice(1);
  return paras.filter((p) => patterns.some((re) => re.test(p)));
}

/** Reference level of each factor, read from the coefficient tables' “1（参照）” rows (raw names). */
export function referenceLevels(f: ReportFacts, factors: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of f.tables()) {
    for (const r of t.rows) {
      if (!r.some((c) => typeof c === 'string' && c.startsWith('1（参照）'))) continue;
      const first = typeof r[0] === 'string' ? r[0] : '';
      const colon = first.indexOf('：');
      if (colon > 0 && factors.includes(first.slice(0, colon))) {
        if (!out.has(first.slice(0, colon))) out.set(first.slice(0, colon), first.slice(colon + 1));
      } else if (factors.includes(first) && typeof r[1] === 'string' && r[1] !== '' && !out.has(first)) {
        out.set(first, r[1]);
      }
    }
  }
  return out;
}

/** One coefficient of a model: which covariate (and level) it belongs to, its estimate, CI and P. */
export interface Term {
  /** The design column's name as the results key spells it (raw). */
  key: string;
  variable: string;
  /** The factor level, null for a numeric covariate. */
  level: string | null;
  reference: string | null;
  estimate: number;
  lower: number | null;
  upper: number | null;
  p: number | null;
}

/** Splits a design column name ("种族白人") into its covariate and level using the tool's fields. */
export function splitTerm(key: string, xs: readonly string[], factors: readonly string[], refs: ReadonlyMap<string, string>): Pick<Term, 'variable' | 'level' | 'reference'> {
  if (xs.includes(key)) return { variable: key, level: null, reference: null };
  const fac = factors.filter((fa) => key.startsWith(fa) && key.length > fa.length).sort((a, b) => b.length - a.length)[0];
  if (fac === undefined) return { variable: key, level: null, reference: null };
  return { variable: fac, level: key.slice(fac.length), reference: refs.get(fac) ?? null };
}

/** The model's terms (intercept left out) from results keys `<est><term>`, `<lo><term>`, `<hi><term>`, `<p><term>`. */
export function readTerms(f: ReportFacts, keys: { est: string; lo: string; hi: string; p: string; scope?: string }): Term[] {
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const refs = referenceLevels(f, fs);
  const scope = keys.scope ?? '';
  return f
    .prefixed(`${keys.est}${scope}`)
    .filter(([k]) => k !== '(Intercept)')
    .map(([k, estimate]) => ({
      key: k,
      ...splitTerm(k, xs, fs, refs),
      estimate,
      lower: f.num(`${keys.lo}${scope}${k}`),
      upper: f.num(`${keys.hi}${scope}${k}`),
      p: f.num(`${keys.p}${scope}${k}`),
    }));
}

/** Significant terms first (smallest P first), then the others in the report's order. */
export function ordered(terms: readonly Term[]): Term[] {
  const sig = terms.filter((t) => significant(t.p)).sort((a, b) => a.p! - b.p!);
  return [...sig, ...terms.filter((t) => !significant(t.p))];
}

/** “种族”为“白人”（相对“黑人”） or “年龄”. */
export function termLabel(t: Term): string {
  if (t.level === null) return q(t.variable);
  return `${q(t.variable)}为${q(t.level)}${t.reference !== null ? `（相对${q(t.reference)}）` : '（相对参照类别）'}`;
}

/** Names of the covariates behind `terms`, each once, in order. */
export const variablesOf = (terms: readonly Term[]): string[] => [...new Set(terms.map((t) => t.variable))];

export type RatioKind = 'OR' | 'HR' | 'IRR' | 'RRR';

/**
 * A ratio estimate in words: “…每增加 1 个单位，<what>为原来的 x 倍” or “…为A者的<what>是B者的 x 倍”,
 * followed by the estimate, its CI and P.
 */
export function ratioSentence(t: Term, kind: RatioKind, what: string, pct: string): string {
  const r = fmt(t.estimate, 3);
  const body =
    t.level === null
      ? `${q(t.variable)}每增加 1 个单位，${what}为原来的 ${r} 倍`
      : `${q(t.variable)}为${q(t.level)}者的${what}是${t.reference !== null ? q(t.reference) : '参照类别'}者的 ${r} 倍`;
  const ci = ciPart(t.lower, t.upper, pct);
  return `${body}（${kind} = ${r}${ci ? `，${ci}` : ''}，${pText(t.p)}）`;
}

/** A short “OR = x（95%CI a ~ b），P = …” for lists. */
export function ratioShort(t: Term, kind: string, pct: string): string {
  const ci = ciPart(t.lower, t.upper, pct);
  return `${termLabel(t)}：${kind} = ${fmt(t.estimate, 3)}${ci ? `（${ci}）` : ''}，${pText(t.p)}`;
}

/** Does the CI exclude 1 — and which side? */
function ratioSide(t: Term): 'up' | 'down' | 'none' {
  if (t.lower !== null && t.lower > 1) return 'up';
  if (t.upper !== null && t.upper < 1) return 'down';
  return 'none';
}

/** The per-term bullet lines (capped), significant first, each with what it means. */
export function ratioLines(terms: readonly Term[], kind: RatioKind, what: string, pct: string, tableHint: string): string[] {
  const lines = ordered(terms)
    .slice(0, MAX_TERM_LINES)
    .map((t) => {
      const side = ratioSide(t);
      const reading = significant(t.p)
        ? side === 'up'
          ? '置信区间整体高于 1，正向关联有统计学意义'
          : side === 'down'
            ? '置信区间整体低于 1，负向关联有统计学意义'
            : '有统计学意义'
        : '置信区间包含 1，无统计学意义';
      return `${ratioSentence(t, kind, what, pct)}：${reading}。`;
    });
  if (terms.length > MAX_TERM_LINES) lines.push(`其余变量的估计值见${tableHint}（均按同样方式解读）。`);
  return lines;
}

/** A term for a paper's sentence: “种族为白人（相对黑人，OR = 0.311，95%CI …，P = 0.028）”. */
export function paperTerm(t: Term, kind: string, pct: string): string {
  const who = t.level === null ? name(t.variable) : `${name(t.variable)}为${name(t.level)}`;
  const ref = t.level === null ? '' : t.reference !== null ? `相对${name(t.reference)}，` : '相对参照类别，';
  const ci = ciPart(t.lower, t.upper, pct);
  return `${who}（${ref}${kind} = ${fmt(t.estimate, 3)}${ci ? `，${ci}` : ''}，${pText(t.p)}）`;
}

/** Terms whose CI is extremely wide (upper/lower beyond 100-fold, or an open end). */
export function wideTerms(terms: readonly Term[]): Term[] {
  return terms.filter((t) => t.upper === null || t.lower === null || t.lower <= 0 || t.upper / t.lower > 100);
}

export const EXCLUDED_NOTE = (n: number | null): string[] =>
  n !== null && n > 0 ? [`有 ${n} 行因所用变量缺失被排除（列表删除）；若缺失不是随机发生的，结果可能有偏，宜比较排除者与纳入者的基线特征，必要时做多重插补。`] : [];

export const CAUSAL_NOTE = '回归系数反映的是在模型所含变量相互调整后的关联；观察性资料中，它不能单独证明因果关系，未测量的混杂、反向因果或选择偏倚都可能产生关联。';

// ---------------------------------------------------------------------------------------------
// 线性回归

const linear: Explainer = (f) => {
  const pct = levelPct(f);
  const y = rawParam(f, 'y');
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const n = f.num('n');
  const r2 = f.num('rSquared');
  const adj = f.num('adjRSquared');
  const F = f.num('statistic');
  const df1 = f.num('df1');
  const df2 = f.num('df2');
  const p = f.num('p');
  const aic = f.num('aic');
  const dw = f.num('durbinWatson');
  const perfect = f.num('perfectFit') === 1;
  const excludedMatch = /(\d+) 行因缺失未纳入/.exec(f.conclusionText());
  const excluded = excludedMatch ? Number(excludedMatch[1]) : 0;
  const terms: Term[] = f
    .prefixed('b.')
    .filter(([k]) => k !== '(Intercept)')
    .map(([k, b]) => ({ key: k, ...splitTerm(k, xs, fs, new Map()), estimate: b, lower: f.num(`ciLower.${k}`), upper: f.num(`ciUpper.${k}`), p: f.num(`p.${k}`) }));
  const sig = ordered(terms).filter((t) => significant(t.p));
  const nonsig = terms.filter((t) => !significant(t.p));
  const beta = (t: Term) => f.num(`beta.${t.key}`);
  const yq = q(y);
  const Ftext = F !== null && df1 !== null && df2 !== null ? `F(${df1}, ${df2}) = ${fmt(F, 3)}` : 'F 检验';
  const modelSig = significant(p);

  const label = (t: Term) => (t.level === null ? q(t.variable) : `${q(t.variable)}为${q(t.level)}（相对参照类别）`);
  const meaning = (t: Term) => {
    const b = fmt(Math.abs(t.estimate), 3);
    const dir = t.estimate >= 0 ? '增加' : '减少';
    return t.level === null
      ? `其他变量不变时，${q(t.variable)}每增加 1 个单位，${yq}平均${dir} ${b} 个单位`
      : `其他变量不变时，${q(t.variable)}为${q(t.level)}者的${yq}平均比参照类别${t.estimate >= 0 ? '高' : '低'} ${b} 个单位`;
  };
  const coefText = (t: Term) => `B = ${fmt(t.estimate, 3)}${t.lower !== null && t.upper !== null ? `（${ciPart(t.lower, t.upper, pct)}）` : ''}，${pText(t.p)}`;
  const coefFlat = (t: Term) => `B = ${fmt(t.estimate, 3)}${t.lower !== null && t.upper !== null ? `，${ciPart(t.lower, t.upper, pct)}` : ''}，${pText(t.p)}`;
  const plainLabel = (t: Term) => (t.level === null ? name(t.variable) : `${name(t.variable)}（${name(t.level)}）`);

  const numbers: string[] = [];
  numbers.push(`纳入分析 ${n ?? '—'} 例${excluded > 0 ? `，${excluded} 行因所用变量缺失未纳入` : ''}。`);
  numbers.push(`模型整体 ${Ftext}，${pText(p)}：${modelSig ? '自变量整体上对因变量有解释作用（至少一个回归系数不为 0）' : '尚不能认为这组自变量整体上能解释因变量的变化'}。`);
  if (r2 !== null) numbers.push(`R² = ${fmt(r2, 3)}，即模型解释了${yq}变异的 ${fmt(r2 * 100, 1)}%；调整 R² = ${fmt(adj, 3)}（按自变量个数校正，比较不同模型时更合适）。`);
  for (const t of ordered(terms).slice(0, MAX_TERM_LINES)) {
    const b = beta(t);
    numbers.push(`${label(t)}：${coefText(t)}${b !== null ? `，标准化系数 Beta = ${fmt(b, 3)}` : ''}。${significant(t.p) ? `${meaning(t)}。` : '置信区间包含 0，该变量的独立作用无统计学意义。'}`);
  }
  if (terms.length > MAX_TERM_LINES) numbers.push('其余变量的系数见报告“表2 回归系数”。');
  if (aic !== null) numbers.push(`AIC = ${fmt(aic, 2)}：用于比较同一因变量的不同模型，越小越好，单独一个值没有意义。`);
  if (dw !== null) numbers.push(`Durbin-Watson = ${fmt(dw, 3)}：越接近 2 残差越无自相关（${name(String(tableRow(f, '诊断', 'Durbin')?.[2] ?? ''))}）。`);

  const caveats: string[] = [];
  if (perfect) caveats.push('模型对数据完全拟合（残差为 0），F 与 t 检验失去意义：请检查因变量是否由自变量直接计算得到。');
  const sw = tableRow(f, '诊断', 'Shapiro');
  if (sw && sw[2] === '残差偏离正态') caveats.push(`残差正态性检验提示偏离正态（${name(String(sw[1]))}）。样本量较大时影响有限；样本较小时系数的检验与区间可能不准确，可考虑对因变量做变换或用稳健标准误 / Bootstrap。`);
  const vifRow = tableRow(f, '诊断', '最大 VIF');
  const maxVif = typeof vifRow?.[1] === 'number' ? vifRow[1] : null;
  if (maxVif !== null && maxVif >= 5) {
    const high = f.rows('回归系数').filter((r) => typeof r[7] === 'number' && r[7] >= 5).map((r) => String(r[0]));
    caveats.push(`${high.length > 0 ? nameList(high) : '部分自变量'}的 VIF ${maxVif >= 10 ? '≥ 10，存在严重共线性' : '≥ 5，存在一定共线性'}（最大 VIF = ${fmt(maxVif, 2)}）：系数的标准误被放大、符号可能不稳定，可删除或合并高度相关的变量。`);
  }
  if (dw !== null && tableRow(f, '诊断', 'Durbin')?.[2] === '残差可能存在自相关') caveats.push(`Durbin-Watson = ${fmt(dw, 3)}，残差可能存在自相关（如按时间顺序收集的数据），标准误可能被低估。`);
  const cook = tableRow(f, '诊断', 'Cook');
  if (cook && typeof cook[2] === 'string' && cook[2].includes('存在强影响点')) caveats.push(`存在 Cook 距离 > 1 的强影响点（最大 Cook 距离 = ${name(String(cook[1]))}）：请核对这些观测，并比较删除它们前后的结果。`);
  if (n !== null && terms.length > 0 && n < 10 * terms.length) caveats.push('样本量相对自变量（含哑变量）个数偏少（每个自变量不足 10 例），系数估计不稳定，模型可能过拟合。');
  const diagnosticIssues = caveats.length > 0;
  caveats.push(...EXCLUDED_NOTE(excluded > 0 ? excluded : null));

  const method =
    `以${yq}为因变量，${xs.length > 0 ? `${nameList(xs, 20)}为定量自变量` : ''}${xs.length > 0 && fs.length > 0 ? '，' : ''}${fs.length > 0 ? `${nameList(fs, 20)}为分类自变量（自动生成哑变量，以排序后的第一个类别为参照）` : ''}，采用多重线性回归（最小二乘法）。` +
    '因变量为定量资料，多重线性回归可在相互调整的情况下估计每个自变量的独立作用（B 为其他变量不变时该自变量每变化 1 个单位因变量的平均变化）；它要求因变量与自变量呈线性关系、残差独立、近似正态且方差齐，报告中的残差诊断（Durbin-Watson、Shapiro-Wilk、Cook 距离、VIF）即用于检查这些前提。';

  const sigText = sig.slice(0, MAX_NAMED).map((t) => `${plainLabel(t)}（${coefFlat(t)}）`).join('、');
  const conclusion = perfect
    ? '模型对数据完全拟合，检验没有意义，请先检查变量的定义。'
    : `${modelSig ? `模型有统计学意义（${Ftext}，${pText(p)}），` : `模型无统计学意义（${Ftext}，${pText(p)}），`}R² = ${fmt(r2, 3)}。` +
      (sig.length > 0
        ? `在控制其他变量后，${sig.slice(0, MAX_NAMED).map((t) => `${meaning(t).replace('其他变量不变时，', '')}（${coefFlat(t)}）`).join('；')}。`
        : '各自变量的回归系数均无统计学意义，未发现哪个自变量与因变量存在独立的线性关联。') +
      (sig.length > 0 && nonsig.length > 0 ? `${nameList(variablesOf(nonsig))}的作用无统计学意义。` : '');

  const paper =
    `以${name(y)}为因变量，${nameList(variablesOf(terms), 20).replace(/[“”]/g, '')}为自变量进行多重线性回归分析。` +
    `回归模型${modelSig ? '有' : '无'}统计学意义（${Ftext}，${pText(p)}），R² = ${fmt(r2, 3)}，调整 R² = ${fmt(adj, 3)}。` +
    (sig.length > 0 ? `控制其他变量后，${sigText}与${name(y)}相关` : '各自变量的偏回归系数均无统计学意义') +
    (sig.length > 0 && nonsig.length > 0 ? `；${nameList(variablesOf(nonsig)).replace(/[“”]/g, '')}的偏回归系数无统计学意义（P > 0.05）。` : '。') +
    (diagnosticIssues ? '残差诊断提示的问题及处理方式宜在文中说明。' : '残差诊断未见明显违背模型前提的情况。');

  const next: string[] = [];
  if (sig.length > 0) next.push('查看残差-拟合值图：点应随机散布在 0 附近；若呈喇叭形或曲线，考虑变换因变量或加入二次项。');
  if (fs.length > 0 && xs.length > 0) next.push(`检查交互作用（如${q(fs[0]!)}与${q(xs[0]!)}的乘积项），看某自变量的作用是否因另一变量而不同。`);
  if (!modelSig) next.push('估计检验效能或所需样本量：样本偏小时模型不显著很常见；同时检查是否遗漏了重要的自变量。');
  if (caveats.some((c) => c.includes('共线性'))) next.push('处理共线性：保留专业上更重要的一个变量，或合并为综合指标后重新拟合。');
  next.push('如用于预测，在独立样本或用交叉验证评价模型的预测误差；论文中报告 B、95%CI 与 P，而不仅是 P 值。');

  const nonsignificant = modelSig
    ? `模型整体有统计学意义只说明这组自变量合起来能解释${yq}的一部分变异（R² = ${fmt(r2, 3)}），并不意味着每个自变量都有作用；单个系数 P ≥ 0.05（其置信区间包含 0）表示在调整其他变量后未发现它的独立作用，不等于它没有作用——可能是样本量不足，或与其他自变量共线而被“分走”了解释力。${CAUSAL_NOTE}`
    : `模型整体无统计学意义（${pText(p)}），表示现有数据不能证明这些自变量能解释${yq}的变化。这不等于“没有关系”：样本量小、自变量测量误差大、关系非线性（线性回归只能发现直线关系）都会使结果不显著。请看各系数置信区间的宽度判断估计是否精确。`;

  const topBeta = terms.filter((t) => beta(t) !== null).sort((a, b) => Math.abs(beta(b)!) - Math.abs(beta(a)!))[0];
  const effect =
    `R² = ${fmt(r2, 3)}（调整 R² = ${fmt(adj, 3)}）表示模型解释了${yq}变异的 ${fmt((r2 ?? 0) * 100, 1)}%，其余变异来自模型外的因素与随机误差。` +
    (topBeta ? `标准化系数 Beta 可比较各自变量作用的相对大小：绝对值最大的是${label(topBeta)}（Beta = ${fmt(beta(topBeta), 3)}）。` : '') +
    '临床意义要看 B 的大小是否达到有意义的变化量（如血压变化几 mmHg），而不只看 P 值。';

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

// ---------------------------------------------------------------------------------------------
// 二元 Logistic 回归

const SELECTION_TEXT: Record<string, string> = { all: '全部纳入法', screen: '单因素筛选后纳入', forward: '向前逐步法', backward: '向后逐步法' };

function selectionText(f: ReportFacts): string {
  const sel = rawResult(f, 'selection') || rawParam(f, 'selection') || 'all';
  const crit = rawParam(f, 'criterion') === 'aic' ? 'AIC 准则（同 R 的 step）' : '似然比检验 P 值（引入 0.05、剔除 0.1，同 SPSS）';
  if (sel === 'screen') return `先做单因素分析，整体 P < ${f.param('screenP') || '0.1'} 的变量再全部纳入多因素模型`;
  if (sel === 'forward' || sel === 'backward') return `${SELECTION_TEXT[sel]}，按${crit}选择变量`;
  return '全部纳入法（Enter）：所选变量全部进入多因素模型';
}

function aucReading(auc: number | null): string {
  if (auc === null) return '';
  if (auc >= 0.9) return '区分度很好（≥ 0.9）';
  if (auc >= 0.8) return '区分度较好（0.8 ~ 0.9）';
  if (auc >= 0.7) return '区分度尚可（0.7 ~ 0.8）';
  if (auc > 0.6) return '区分度较弱（0.6 ~ 0.7）';
  return '区分度很差（接近 0.5，即接近随机猜测）';
}

const logistic: Explainer = (f) => {
  const pct = levelPct(f);
  const mode = rawResult(f, 'inputMode') || 'case';
  const grouped = mode === 'grouped';
  const y = grouped ? `${rawParam(f, 'events')}/${rawParam(f, 'trials')}` : rawParam(f, 'y');
  const ev = rawResult(f, 'eventValue');
  const outcome = grouped ? `${q(rawParam(f, 'events'))}所计的结局` : q(`${y}=${ev}`);
  const dataRows = f.num('dataRows');
  const format =
    mode === 'frequency'
      ? `数据为频数加权的汇总数据（${dataRows ?? '—'} 行，每行按${q(rawParam(f, 'weight'))}计为相应例数，等同于展开后的逐例数据）；`
      : grouped
        ? `数据为分组数据（${dataRows ?? '—'} 组，每组${q(rawParam(f, 'events'))}人发生结局、共${q(rawParam(f, 'trials'))}人）；`
        : '';
  const what = `${outcome}的比值（odds）`;
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const n = f.num('n');
  const events = f.num('events');
  const excluded = f.num('excluded');
  const sel = rawResult(f, 'selection') || 'all';
  const selected = rawResult(f, 'selected').split('、').filter((s) => s !== '');
  const hasModel = f.num('statistic') !== null;
  const terms = readTerms(f, { est: 'or.', lo: 'orLower.', hi: 'orUpper.', p: 'p.' });
  const sig = ordered(terms).filter((t) => significant(t.p));
  const nonsigVars = variablesOf(terms).filter((v) => !sig.some((t) => t.variable === v));
  const uniSig = [...xs, ...fs].filter((v) => significant(f.num(`uniLrP.${v}`)));
  const lostInMulti = hasModel ? uniSig.filter((v) => selected.includes(v) && !sig.some((t) => t.variable === v)) : [];
  const p = f.num('p');
  const nag = f.num('nagelkerkeR2');
  const hlP = f.num('hlP');
  const auc = f.num('auc');
  const epv = tableCell(f, '分析样本', 'EPV');
  const ciName = rawResult(f, 'ciMethod') === 'profile' ? '轮廓似然法' : 'Wald 法';

  const method =
    format +
    (grouped ? '结局为二分类（发生/未发生），分析' : `结局${q(y)}为二分类变量（以${q(ev)}为“发生”），分析`) +
    `${nameList([...xs, ...fs], 20)}对其发生的影响，采用二元 Logistic 回归：先逐个变量做单因素 Logistic 回归，再建立多因素模型——${selectionText(f)}。` +
    `Logistic 回归以 logit（对数比值）为因变量，结果以比值比 OR = exp(B) 表示，可同时调整多个混杂因素；它要求观测相互独立、定量自变量与 logit 呈线性、每个参数有足够的事件数（EPV ≥ 10），且不存在完全分离。OR 的置信区间为 ${ciName}。`;

  const numbers: string[] = [];
  numbers.push(`纳入 ${n ?? '—'} 例，其中${outcome}者 ${events ?? '—'} 例${excluded ? `，${excluded} 例因缺失被排除` : ''}${typeof epv === 'number' ? `；每个模型参数的事件数 EPV = ${fmt(epv, 1)}` : ''}。`);
  if (uniSig.length > 0) numbers.push(`单因素分析中与结局有关（整体 P < 0.05）的变量：${nameList(uniSig, 10)}。`);
  if (hasModel) {
    numbers.push(`多因素模型似然比检验 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}：${significant(p) ? '模型中的自变量整体上与结局有关' : '模型整体无统计学意义'}。`);
    numbers.push(...ratioLines(terms, 'OR', what, pct, '报告的多因素 Logistic 回归表'));
    for (const [fa, tp] of f.prefixed('termP.')) numbers.push(`${q(fa)}（多分类）整体似然比检验 ${pText(tp)}：检验它的全部类别合起来是否与结局有关。`);
    if (nag !== null) numbers.push(`Nagelkerke R² = ${fmt(nag, 3)}（Cox–Snell R² = ${fmt(f.num('coxSnellR2'), 3)}）：伪 R²，只反映模型改善的相对程度，不能像线性回归的 R² 那样理解为“解释了多少变异”。`);
    if (hlP !== null) numbers.push(`Hosmer–Lemeshow 检验 χ² = ${fmt(f.num('hlStatistic'), 3)}，df = ${f.num('hlDf')}，${pText(hlP)}：${hlP > 0.05 ? 'P > 0.05，模型预测概率与实际发生情况吻合较好（校准良好）' : 'P ≤ 0.05，提示模型拟合欠佳'}。`);
    if (auc !== null) numbers.push(`预测概率的 ROC 曲线下面积 AUC = ${fmt(auc, 3)}（${ciPart(f.num('aucLower'), f.num('aucUpper'), pct)}）：${aucReading(auc)}。`);
    const acc = f.num('accuracy');
    const pctOf = (k: string, label: string) => (f.num(k) !== null ? `，${label} ${fmt(f.num(k)! * 100, 1)}%` : '');
    if (acc !== null) numbers.push(`以 ${f.num('cutoff') ?? 0.5} 为概率界值，总体预测正确率 ${fmt(acc * 100, 1)}%${pctOf('sensitivity', '灵敏度')}${pctOf('specificity', '特异度')}（在建模数据上评价，偏乐观）。`);
  } else {
    numbers.push('没有变量进入多因素模型，报告只给出单因素结果。');
  }

  const caveats: string[] = [];
  if (typeof epv === 'number' && epv < 10) caveats.push(`每个参数的事件数 EPV = ${fmt(epv, 1)}，少于 10：系数可能高估、置信区间偏窄，模型有过拟合风险；宜减少自变量、合并类别，或用惩罚回归（Firth）。`);
  if (hasModel && hlP !== null && hlP <= 0.05) caveats.push(`Hosmer–Lemeshow 检验 ${pText(hlP)}，提示拟合欠佳：可能遗漏了重要变量或交互作用，或定量变量与 logit 不呈线性（可尝试分段或样条）。`);
  if (hasModel && f.num('hlP') === null) caveats.push('预测概率的不同取值太少，无法做 Hosmer–Lemeshow 检验；请结合分类表与 ROC 判断拟合。');
  const highVif = f.prefixed('vif.').filter(([, v]) => v >= 10);
  const midVif = f.prefixed('vif.').filter(([, v]) => v >= 5 && v < 10);
  if (highVif.length > 0) caveats.push(`${nameList(highVif.map(([k]) => k))}的 VIF ≥ 10，存在严重共线性：其 OR 的标准误被放大、方向可能不稳定；可删除或合并高度相关的变量。`);
  else if (midVif.length > 0) caveats.push(`${nameList(midVif.map(([k]) => k))}的 VIF 在 5 ~ 10 之间，存在一定共线性，解释其 OR 时需谨慎。`);
  const wide = wideTerms(terms);
  if (wide.length > 0) caveats.push(`${nameList(wide.map((t) => t.key))}的 OR 置信区间极宽，估计很不精确：常见于某类别例数或事件很少，接近（准）完全分离；宜合并类别或用 Firth 回归。`);
  caveats.push(...toolWarnings(f, [/例数或事件数很少/]));
  if (sel !== 'all') caveats.push('按 P 值筛选或逐步法选择变量可能遗漏需要调整的混杂因素，所选模型的 P 值与置信区间偏乐观；变量选择宜以专业知识与既往文献为主，统计筛选为辅。');
  caveats.push(...EXCLUDED_NOTE(excluded));

  const risk = sig.filter((t) => t.estimate > 1);
  const protect = sig.filter((t) => t.estimate < 1);

  const conclusion = !hasModel
    ? `没有变量进入多因素模型（${selectionText(f)}），因此不能得出调整后的独立影响因素。${uniSig.length > 0 ? `单因素分析中${nameList(uniSig)}与结局有关，但这些是未调整的关联。` : '单因素分析中各变量与结局的关联均无统计学意义。'}`
    : (sig.length > 0
        ? `调整其他变量后，${sig.slice(0, MAX_NAMED).map((t) => ratioSentence(t, 'OR', what, pct)).join('；')}。`
        : '调整其他变量后，各变量与结局的关联均无统计学意义。') +
      (sig.length > 0 && nonsigVars.length > 0 ? `${nameList(nonsigVars)}的作用无统计学意义。` : '') +
      (lostInMulti.length > 0 ? `${nameList(lostInMulti)}在单因素分析中有统计学意义，多因素调整后不再显著，提示其单因素关联部分来自与其他变量的混杂。` : '') +
      (auc !== null ? `模型 AUC = ${fmt(auc, 3)}，${aucReading(auc)}。` : '');

  const paper = !hasModel
    ? `以${name(y)}为因变量（${name(ev)} = 1）进行 Logistic 回归分析。${uniSig.length > 0 ? `单因素分析显示${nameList(uniSig).replace(/[“”]/g, '')}与${name(y)}有关（P < 0.05）` : '单因素分析中各因素与结局的关联均无统计学意义（P > 0.05）'}，未建立多因素模型。`
    : `以${name(y)}为因变量（${name(ev)} = 1），将${nameList(selected, 20).replace(/[“”]/g, '')}纳入多因素 Logistic 回归（${SELECTION_TEXT[sel] ?? '全部纳入法'}）。` +
      `模型有${significant(p) ? '' : '无'}统计学意义（χ² = ${fmt(f.num('statistic'), 3)}，${pText(p)}），Nagelkerke R² = ${fmt(nag, 3)}${hlP !== null ? `，Hosmer–Lemeshow 检验 ${pText(hlP)}` : ''}${auc !== null ? `，AUC = ${fmt(auc, 3)}` : ''}。` +
      (risk.length > 0 ? `${risk.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'OR', pct)).join('、')}是${name(y)}的独立危险因素` : '') +
      (risk.length > 0 && protect.length > 0 ? '；' : '') +
      (protect.length > 0 ? `${protect.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'OR', pct)).join('、')}是其保护因素` : '') +
      (sig.length === 0 ? '调整其他因素后，各因素与结局的关联均无统计学意义（P > 0.05）' : '') +
      '。';

  const next: string[] = [];
  if (hasModel) next.push('检查定量自变量与 logit 的线性关系（如按四分位分组看 OR 趋势，或用限制性立方样条），必要时改为分类或加样条项。');
  if (typeof epv === 'number' && epv < 10) next.push('EPV 偏低：精简自变量（以专业知识为主）或合并稀疏类别后重新拟合，比较结果是否稳定。');
  if (sel !== 'all') next.push('用“全部纳入法”拟合专业上认为需要调整的变量作敏感性分析，看关键 OR 是否一致。');
  if (auc !== null) next.push('若用于预测：用 Bootstrap 或交叉验证校正 AUC 的乐观偏差，并在外部数据中验证，同时画校准曲线。');
  next.push('按关键暴露分层或加入交互项，检查效应修饰；论文中同时报告单因素与多因素 OR 及 95%CI。');

  const nonsignificant = sig.length > 0
    ? `有统计学意义的 OR 说明在调整模型中其他变量后，该因素与${outcome}的比值存在独立关联；它不证明因果，也不说明该因素能很好地预测个体结局（预测能力看 AUC）。结局较常见（发生率超过约 10%）时，OR 会夸大相对危险度 RR，不宜把“OR = 2”说成“风险增加一倍”。${CAUSAL_NOTE}`
    : `调整后 OR 的 P ≥ 0.05（置信区间包含 1）表示现有数据不能证明该因素与结局独立相关，并不等于证明无关：事件数少、EPV 低时检验效能不足，置信区间会很宽。请报告 OR 与置信区间，让读者看到可能的效应范围。`;

  const effect =
    'OR 是效应大小本身：OR = 1 表示无关联，偏离 1 越远关联越强；定量变量的 OR 对应每增加 1 个单位，单位太小时 OR 会接近 1 但累积效应可能可观（可把变量换成每 10 个单位或每个标准差再拟合）。' +
    (sig.length > 0 ? `本模型中效应最明显的是${termLabel(sig[0]!)}（OR = ${fmt(sig[0]!.estimate, 3)}）。` : '') +
    (auc !== null ? `模型整体的区分能力 AUC = ${fmt(auc, 3)}，${aucReading(auc)}。` : '');

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

// ---------------------------------------------------------------------------------------------
// 多分类 Logistic 回归

const multinomial: Explainer = (f) => {
  const pct = levelPct(f);
  const y = rawParam(f, 'y');
  const ref = rawResult(f, 'reference');
  const cats = rawResult(f, 'categories').split('、').filter((c) => c !== '' && c !== ref);
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const n = f.num('n');
  const excluded = f.num('excluded');
  const p = f.num('p');
  const byCat = cats.map((cat) => ({ cat, terms: readTerms(f, { est: 'rrr.', lo: 'rrrLower.', hi: 'rrrUpper.', p: 'p.', scope: `${cat}.` }) }));
  const termTests = f.prefixed('termP.').map(([v, tp]) => ({ v, p: tp, chi: f.num(`termStatistic.${v}`), df: f.num(`termDf.${v}`) }));
  const sigVars = termTests.filter((t) => significant(t.p));
  const what = (cat: string) => `结局为${q(cat)}而非${q(ref)}的相对风险`;

  const method =
    `结局${q(y)}为无序多分类变量（${nameList([ref, ...cats], 12)}），以${q(ref)}为参照类别，采用多分类（多项）Logistic 回归分析${nameList([...xs, ...fs], 20)}的影响。` +
    '模型为每个非参照类别各建立一个与参照类别比较的 logit 方程，结果以相对危险比 RRR = exp(B) 表示；适用于类别之间没有顺序、或不愿假定各等级间效应相同的结局。它假定“无关选项独立”（IIA），且每个类别需要足够的例数。';

  const numbers: string[] = [];
  numbers.push(`纳入 ${n ?? '—'} 例${excluded ? `（${excluded} 例因缺失被排除）` : ''}；参照类别为${q(ref)}，其余${nameList(cats)}各与之比较。`);
  numbers.push(`模型似然比检验 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}：${significant(p) ? '自变量整体上与结局类别有关' : '模型整体无统计学意义'}。`);
  for (const t of termTests) numbers.push(`${q(t.v)}的似然比检验 χ² = ${fmt(t.chi, 3)}，df = ${t.df ?? '—'}，${pText(t.p)}：${significant(t.p) ? '该变量对结局类别的总体作用有统计学意义' : '该变量对结局类别的总体作用无统计学意义'}。`);
  let shown = 0;
  for (const { cat, terms } of byCat) {
    const lines = ordered(terms).filter((t) => significant(t.p));
    for (const t of lines) {
      if (shown >= MAX_TERM_LINES) break;
      numbers.push(`${q(cat)} vs ${q(ref)}：${ratioSentence(t, 'RRR', what(cat), pct)}。`);
      shown++;
    }
  }
  if (shown === 0) numbers.push('各类别比较中，没有一个自变量的 RRR 有统计学意义。');
  numbers.push('其余 RRR（置信区间包含 1）见报告的参数估计表。');
  numbers.push(`McFadden R² = ${fmt(f.num('mcFaddenR2'), 3)}，Nagelkerke R² = ${fmt(f.num('nagelkerkeR2'), 3)}：伪 R²，仅供参考。`);
  const acc = f.num('accuracy');
  if (acc !== null) numbers.push(`模型总体预测正确率 ${fmt(acc * 100, 1)}%（在建模数据上评价，偏乐观）。`);

  const caveats: string[] = [];
  caveats.push('多分类 Logistic 回归假定“无关选项独立”（IIA）：任意两类的比较不受其他类别存在与否的影响。若类别间可相互替代（如几种相近的治疗方式），该假定可能不成立（可用 Hausman–McFadden 检验）。');
  const never = f.rows('观察类别与预测类别').filter((r) => r[0] !== '总体' && r.at(-1) === 0).map((r) => String(r[0]));
  if (never.length > 0) caveats.push(`${nameList(never)}的预测正确百分比为 0：模型几乎从不把对象预测为这些类别（常见于例数较少的类别），总体正确率主要来自大类别。`);
  const wide = byCat.flatMap(({ cat, terms }) => wideTerms(terms).map((t) => `${cat}：${t.key}`));
  if (wide.length > 0) caveats.push(`${nameList(wide)}的 RRR 置信区间极宽，估计很不精确（某类别例数很少或接近分离），可考虑合并类别。`);
  caveats.push(...toolWarnings(f, [/每个参数只有/, /例数少于 3/]));
  caveats.push(...EXCLUDED_NOTE(excluded));

  const catConclusions = byCat.map(({ cat, terms }) => {
    const sig = ordered(terms).filter((t) => significant(t.p));
    return sig.length > 0
      ? `与${q(ref)}相比，${sig.slice(0, MAX_NAMED).map((t) => ratioSentence(t, 'RRR', `结局为${q(cat)}的相对风险`, pct)).join('；')}`
      : `${q(cat)}与${q(ref)}之间，各自变量的作用均无统计学意义`;
  });
  const conclusion =
    `${sigVars.length > 0 ? `${nameList(sigVars.map((t) => t.v))}与${q(y)}的类别分布有关（似然比检验 P < 0.05）` : '各自变量与结局类别的关联均无统计学意义'}${termTests.length > sigVars.length && sigVars.length > 0 ? `，${nameList(termTests.filter((t) => !significant(t.p)).map((t) => t.v))}则无统计学意义` : ''}。` +
    `${catConclusions.join('。')}。`;

  const paper =
    `以${name(y)}为因变量（参照类别：${name(ref)}）进行多分类 Logistic 回归分析，模型有${significant(p) ? '' : '无'}统计学意义（χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}），Nagelkerke R² = ${fmt(f.num('nagelkerkeR2'), 3)}。` +
    byCat
      .map(({ cat, terms }) => {
        const sig = ordered(terms).filter((t) => significant(t.p));
        return sig.length > 0
          ? `与${name(ref)}相比，${sig.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'RRR', pct)).join('、')}与${name(cat)}有关`
          : `${name(cat)}与${name(ref)}相比，各因素差异均无统计学意义`;
      })
      .join('；') +
    '。';

  const next = [
    '如结局类别其实有自然顺序（如轻/中/重），改用有序 Logistic 回归，参数更少、解释更简洁（需检验平行线假定）。',
    '例数很少的类别可考虑与相近类别合并，或换参照类别查看其他两两比较。',
    '检查 IIA 假定：去掉一个类别重新拟合，看其余类别的系数是否明显改变。',
  ];
  const nonsignificant =
    '某个 RRR 的 P ≥ 0.05 只说明在这一对类别（该类别 vs 参照类别）之间未发现差异，不等于该变量对结局无影响——它可能只影响其他类别的比较，应先看该变量的似然比检验（对全部类别的总体作用）。' +
    'RRR 有统计学意义表示调整其他变量后，该因素与“落在这一类而非参照类”的相对可能有关，不证明因果；RRR 随参照类别的选择而变，解释时必须说明比较的是哪两类。';
  const effect = 'RRR 是效应大小：RRR = 1 表示该因素不改变“属于该类而非参照类”的相对可能，偏离 1 越远关联越强；它是比值之比，结局常见时不能直接读作风险的倍数。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

// ---------------------------------------------------------------------------------------------
// 有序 Logistic 回归

const ordinal: Explainer = (f) => {
  const pct = levelPct(f);
  const y = rawParam(f, 'y');
  const order = rawResult(f, 'order').split('、').filter((c) => c !== '');
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const n = f.num('n');
  const excluded = f.num('excluded');
  const p = f.num('p');
  const terms = readTerms(f, { est: 'or.', lo: 'orLower.', hi: 'orUpper.', p: 'p.' });
  const sig = ordered(terms).filter((t) => significant(t.p));
  const nonsigVars = variablesOf(terms).filter((v) => !sig.some((t) => t.variable === v));
  const what = '结局处于更高等级的累积比值';
  const brantP = f.num('brantP');
  const badBrant = f.prefixed('brantP.').filter(([, bp]) => bp < 0.05).map(([k]) => k);
  const userOrder = rawParam(f, 'order') !== '';

  const method =
    `结局${q(y)}为有序多分类变量（由低到高：${order.map(q).join(' < ')}），采用有序 Logistic 回归（比例优势 / 累积 logit 模型）分析${nameList([...xs, ...fs], 20)}的影响。` +
    '它利用了等级之间的顺序信息，对每个分界点（“≤ 某级”与“> 某级”）共用一组系数，结果以累积比值比 OR = exp(B) 表示，OR > 1 表示结局更可能处于较高等级。其关键前提是比例优势（平行线）假定：各自变量的效应在所有分界点相同，报告中的 Brant 检验即用于检查这一点。';

  const numbers: string[] = [];
  numbers.push(`纳入 ${n ?? '—'} 例${excluded ? `（${excluded} 例因缺失被排除）` : ''}。`);
  numbers.push(`模型似然比检验 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}：${significant(p) ? '自变量整体上与结局等级有关' : '模型整体无统计学意义'}。`);
  numbers.push(...ratioLines(terms, 'OR', what, pct, '报告的参数估计表'));
  for (const [fa, tp] of f.prefixed('termP.')) numbers.push(`${q(fa)}（多分类）整体似然比检验 ${pText(tp)}。`);
  numbers.push(`McFadden R² = ${fmt(f.num('mcFaddenR2'), 3)}，Nagelkerke R² = ${fmt(f.num('nagelkerkeR2'), 3)}：伪 R²，仅供参考。`);
  if (brantP !== null) numbers.push(`Brant 平行线检验（总体）χ² = ${fmt(f.num('brantStatistic'), 3)}，df = ${f.num('brantDf')}，${pText(brantP)}：${brantP >= 0.05 ? 'P ≥ 0.05，满足比例优势假定，单一 OR 可以概括各分界点的效应' : 'P < 0.05，比例优势假定不成立'}。`);
  numbers.push('阈值（截距）是相邻等级之间的分界点，一般不需要解释。');

  const caveats: string[] = [];
  if (brantP !== null && (brantP < 0.05 || badBrant.length > 0)) {
    caveats.push(
      `平行线检验提示${badBrant.length > 0 ? `${nameList(badBrant)}的效应在各分界点不同` : '比例优势假定不成立'}（总体 ${pText(brantP)}）：单一 OR 只是各分界点效应的某种平均，可能掩盖“对低等级与高等级作用不同”的情况。可改用部分比例优势模型、多分类 Logistic 回归，或分别报告各分界点的二元 Logistic 回归。`,
    );
  }
  if (brantP === null) caveats.push('报告中没有平行线检验结果（可能因某些分界点无法单独拟合），比例优势假定未经检验，请谨慎解释。');
  if (!userOrder) caveats.push(`未指定等级顺序，工具按${order.every((v) => Number.isFinite(Number(v))) ? '数值大小' : '数据中最先出现的顺序'}排列（${order.map(q).join(' < ')}）：请确认与实际高低一致，顺序错了 OR 的方向与大小都会错。`);
  const wide = wideTerms(terms);
  if (wide.length > 0) caveats.push(`${nameList(wide.map((t) => t.key))}的 OR 置信区间极宽，估计很不精确，可能接近分离。`);
  caveats.push(...toolWarnings(f, [/例数少于 5/, /样本量不足 10/]));
  caveats.push(...EXCLUDED_NOTE(excluded));

  const conclusion =
    (sig.length > 0 ? `调整其他变量后，${sig.slice(0, MAX_NAMED).map((t) => `${ratioSentence(t, 'OR', what, pct)}，即${t.estimate > 1 ? '更倾向于较高等级' : '更倾向于较低等级'}`).join('；')}。` : '调整其他变量后，各自变量与结局等级的关联均无统计学意义。') +
    (sig.length > 0 && nonsigVars.length > 0 ? `${nameList(nonsigVars)}的作用无统计学意义。` : '') +
    (brantP !== null ? (brantP < 0.05 ? '但平行线检验未通过，上述 OR 需结合各分界点的结果解释。' : '平行线检验支持比例优势假定。') : '');

  const paper =
    `以${name(y)}（${order.map(name).join(' < ')}）为因变量进行有序 Logistic 回归分析，模型有${significant(p) ? '' : '无'}统计学意义（χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}）` +
    (brantP !== null ? `，平行线检验${brantP >= 0.05 ? '满足' : '不满足'}比例优势假定（${pText(brantP)}）` : '') +
    '。' +
    (sig.length > 0
      ? `${sig.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'OR', pct)).join('、')}与${name(y)}等级有关。`
      : `各因素与${name(y)}等级的关联均无统计学意义（P > 0.05）。`);

  const next: string[] = [];
  if (brantP !== null && brantP < 0.05) next.push('平行线假定不成立：拟合部分比例优势模型（R: VGAM::vglm 或 ordinal::clm 的 nominal 参数），或改用多分类 Logistic 回归并比较结论。');
  next.push('按各分界点分别做二元 Logistic 回归（如“≥ 第 2 级 vs 第 1 级”），看 OR 在各分界点是否接近，作为敏感性分析。');
  next.push('例数很少的等级可考虑与相邻等级合并；论文中报告 OR、95%CI 与平行线检验结果。');
  const nonsignificant = sig.length > 0
    ? `有统计学意义的 OR 表示调整后该因素与“结局处于更高等级”的倾向有关；它假定对每个分界点效应相同，若平行线检验不通过，这个“平均” OR 可能掩盖不同等级间的差异。${CAUSAL_NOTE}`
    : 'OR 的 P ≥ 0.05 表示现有数据不能证明该因素与结局等级有关，不等于无关：样本量小、等级例数分布不均时检验效能有限，请结合置信区间宽度判断。';
  const effect = '累积 OR 是效应大小：OR = 1 表示该因素不改变结局的等级分布，OR > 1 表示更可能处于较高等级，OR < 1 表示更可能处于较低等级；偏离 1 越远效应越强。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

// ---------------------------------------------------------------------------------------------
// Poisson / 负二项回归

const count: Explainer = (f) => {
  const pct = levelPct(f);
  const y = rawParam(f, 'y');
  const off = rawParam(f, 'offset');
  const choice = rawParam(f, 'model') || 'auto';
  const nb = rawResult(f, 'model') === 'negative-binomial';
  const modelName = nb ? '负二项回归' : 'Poisson 回归';
  const sp = nb ? '' : ' ';
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const n = f.num('n');
  const excluded = f.num('excluded');
  const p = f.num('p');
  const odP = f.num('overdispersionP');
  const ctP = f.num('ctP');
  const terms = readTerms(f, { est: 'irr.', lo: 'irrLower.', hi: 'irrUpper.', p: 'p.' });
  const sig = ordered(terms).filter((t) => significant(t.p));
  const nonsigVars = variablesOf(terms).filter((v) => !sig.some((t) => t.variable === v));
  const what = off ? `${q(y)}的发生率（每单位${q(off)}）` : `${q(y)}的期望次数`;
  const disp = f.num('dispersion');
  const poisDisp = f.num('poissonDispersion');

  const why =
    choice === 'auto'
      ? odP === null
        ? '负二项模型无法拟合（没有过度离散的迹象），因此采用 Poisson 回归。'
        : `工具先同时拟合 Poisson 与负二项回归，过度离散的似然比检验 ${pText(odP)}，${odP < 0.05 ? '存在过度离散（方差大于均数），故采用负二项回归' : '未见明显过度离散，故采用 Poisson 回归'}。`
      : `报告的模型由用户指定为${sp}${modelName}。`;
  const method =
    `结局${q(y)}为计数资料（非负整数），分析${nameList([...xs, ...fs], 20)}的影响${off ? `，并以${q(off)}${rawParam(f, 'offsetType') === 'log' ? '（已取对数）' : '的对数'}为偏移量，把计数换算为发生率` : ''}，采用${sp}${modelName}（对数连接）。${why}` +
    '计数资料呈偏态、方差随均数增大，不宜用线性回归；Poisson 回归要求方差等于均数，数据过度离散时其标准误偏小、P 值偏乐观，负二项回归多估计一个离散参数 θ 来容纳额外的变异。结果以发生率比 IRR = exp(B) 表示。';

  const numbers: string[] = [];
  numbers.push(`纳入 ${n ?? '—'} 例${excluded ? `（${excluded} 例因缺失被排除）` : ''}；${q(y)}的均数为 ${fmt(f.num('mean'), 2)}，方差为 ${fmt(f.num('variance'), 2)}（Poisson 分布要求二者接近）。`);
  if (odP !== null) numbers.push(`过度离散的似然比检验（负二项 vs Poisson）χ² = ${fmt(f.num('overdispersionStatistic'), 3)}，${pText(odP)}；Cameron–Trivedi 检验 z = ${fmt(f.num('ctStatistic'), 3)}，${pText(ctP)}：${odP < 0.05 ? '存在过度离散' : '未见明显过度离散'}。`);
  else if (ctP !== null) numbers.push(`Cameron–Trivedi 过度离散检验 z = ${fmt(f.num('ctStatistic'), 3)}，${pText(ctP)}。`);
  if (nb && f.num('theta') !== null) numbers.push(`负二项离散参数 θ = ${fmt(f.num('theta'), 3)}（θ 越小过度离散越明显）。`);
  if (f.num('poissonAic') !== null && f.num('nbAic') !== null) numbers.push(`AIC：Poisson ${fmt(f.num('poissonAic'), 1)}，负二项 ${fmt(f.num('nbAic'), 1)}（越小越好）。`);
  numbers.push(`${modelName}的似然比检验 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}：${significant(p) ? '自变量整体上与计数结局有关' : '模型整体无统计学意义'}。`);
  numbers.push(...ratioLines(terms, 'IRR', what, pct, '报告的参数估计表'));
  for (const [fa, tp] of f.prefixed('termP.')) numbers.push(`${q(fa)}（多分类）整体似然比检验 ${pText(tp)}。`);
  if (disp !== null) numbers.push(`所用模型的 Pearson χ²/df = ${fmt(disp, 3)}：${disp > 1.5 ? '明显大于 1，模型仍未容纳全部离散，标准误可能偏小' : disp < 0.7 ? '明显小于 1，提示欠离散' : '接近 1，离散程度与模型假定大致相符'}。`);

  const caveats: string[] = [];
  if (!nb && odP !== null && odP < 0.05) caveats.push(`过度离散检验有统计学意义（${pText(odP)}），但报告的是 Poisson 回归：其标准误被低估、P 值偏小、置信区间偏窄；宜改用负二项回归（或稳健标准误）。`);
  if (!nb && poisDisp !== null && poisDisp > 1.5 && (odP === null || odP >= 0.05)) caveats.push(`Poisson 模型的 Pearson 离散度为 ${fmt(poisDisp, 3)}，大于 1，可考虑负二项回归或稳健标准误。`);
  if (nb && choice === 'negbin' && odP !== null && odP >= 0.05) caveats.push('未见明显过度离散而指定了负二项回归：结果通常与 Poisson 回归接近，可报告更简单的 Poisson 模型。');
  caveats.push(...toolWarnings(f, [/零膨胀/, /欠离散/, /每个参数的观测数不足/]));
  const wide = wideTerms(terms);
  if (wide.length > 0) caveats.push(`${nameList(wide.map((t) => t.key))}的 IRR 置信区间极宽，估计很不精确。`);
  if (!off) caveats.push('未设偏移量：默认各观察单位的观察时间（或人群规模）相同；若随访时间不同，应以随访时间为偏移量，否则 IRR 会混入暴露时间的差别。');
  caveats.push(...EXCLUDED_NOTE(excluded));

  const conclusion =
    `${why.replace(/。$/, '')}。` +
    (sig.length > 0 ? `调整其他变量后，${sig.slice(0, MAX_NAMED).map((t) => ratioSentence(t, 'IRR', what, pct)).join('；')}。` : '调整其他变量后，各自变量与计数结局的关联均无统计学意义。') +
    (sig.length > 0 && nonsigVars.length > 0 ? `${nameList(nonsigVars)}的作用无统计学意义。` : '') +
    (!nb && odP !== null && odP < 0.05 ? '但数据存在过度离散，Poisson 回归的 P 值与置信区间偏乐观，应以负二项回归的结果为准。' : '');

  const paper =
    `以${name(y)}为因变量${off ? `、以 log(${name(off)}) 为偏移量` : ''}进行${sp}${modelName}分析${odP !== null ? `（过度离散检验 χ² = ${fmt(f.num('overdispersionStatistic'), 3)}，${pText(odP)}）` : ''}，模型有${significant(p) ? '' : '无'}统计学意义（χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df')}，${pText(p)}）。` +
    (sig.length > 0
      ? `${sig.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'IRR', pct)).join('、')}与${name(y)}有关`
      : `各因素与${name(y)}的关联均无统计学意义（P > 0.05）`) +
    (sig.length > 0 && nonsigVars.length > 0 ? `，${nameList(nonsigVars).replace(/[“”]/g, '')}的作用无统计学意义。` : '。');

  const next: string[] = [];
  if (toolWarnings(f, [/零膨胀/]).length > 0) next.push('0 明显偏多：尝试零膨胀（ZIP/ZINB）或 hurdle 模型，并用 Vuong 检验或 AIC 与当前模型比较。');
  if (!off) next.push('若各对象随访时间不同，请加入随访时间作为偏移量重新分析，使 IRR 成为发生率之比。');
  next.push('检查定量自变量与 log(期望计数) 的线性关系；必要时分组或加样条项。');
  next.push('论文中报告 IRR 及 95%CI，并说明选择 Poisson 还是负二项回归的依据（过度离散检验、AIC）。');

  const nonsignificant = sig.length > 0
    ? `有统计学意义的 IRR 表示调整后该因素与${what}的变化有关；若数据存在过度离散却用了 Poisson 回归，这种“显著”可能是标准误被低估造成的，需先确认模型选择恰当。${CAUSAL_NOTE}`
    : `IRR 的 P ≥ 0.05（置信区间包含 1）表示现有数据不能证明该因素与${what}有关，不等于无关；计数很少、变异很大（过度离散）时检验效能低，请看置信区间的范围。`;
  const effect = `IRR 是效应大小：IRR = 1 表示无关联；定量变量每增加 1 个单位（或某类别相对参照类别），${what}乘以 IRR，偏离 1 越远效应越大。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

export const EXPLAINERS: Record<string, Explainer> = {
  'linear-regression': linear,
  'logistic-regression': logistic,
  'multinomial-logistic': multinomial,
  'ordinal-logistic': ordinal,
  'count-regression': count,
};
