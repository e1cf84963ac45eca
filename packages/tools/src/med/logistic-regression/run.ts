// 二元 Logistic 回归: univariable screening (each covariate alone), then the multivariable model
// (all entered, screened by univariable P, or stepwise forward/backward by likelihood-ratio P or
// AIC) with ORs, a forest plot, the model's LR test and pseudo-R², Hosmer–Lemeshow, the
// classification table at a chosen cut-off, the ROC of the fitted probabilities and (G)VIFs.
// Categorical covariates take a reference level; separation is refused with the terms named.
// Three data formats: one row per case, rows with a frequency (case weight) column, and grouped
// rows of events/trials; the summaries count cases in every format.
import { logisticRegression, rocCurve, StatsError, stepwiseSelection, type LogisticRegressionResult, type Predictor, maxOf } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { forestChart, rocChart } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { factorDrop1, forestRows, parseReferences, termRows, type FactorTest, type TermRow } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 15;
/** Cases up to which weighted or grouped rows are written out one per case (stepwise selection, ROC). */
const MAX_EXPANDED = 500_000;
type InputMode = 'case' | 'frequency' | 'grouped';
const MODE_NAME: Record<InputMode, string> = { case: '逐例数据', frequency: '频数加权', grouped: '分组数据（事件数/总数）' };
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);
const quoted = (xs: readonly string[]) => xs.map((v) => `“${v}”`).join('、');

/** log det of a symmetric positive-definite matrix by Cholesky; NaN when it is not (exact collinearity). */
function logDet(m: number[][]): number {
  const n = m.length;
  const l = m.map((r) => r.map(() => 0));
  let sum = 0;
  for (let j = 0; j < n; j++) {
    let d = m[j]![j]!;
    for (let k = 0; k < j; k++) d -= l[j]![k]! ** 2;
    if (!(d > 1e-12)) return NaN;
    l[j]![j] = Math.sqrt(d);
    sum += Math.log(d);
    for (let i = j + 1; i < n; i++) {
      let s = m[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = s / l[j]![j]!;
    }
  }
  return sum;
}

/**
 * Generalised VIF per term (Fox & Monette 1992, as car::vif): det(R₁₁)·det(R₂₂)/det(R) from the
 * correlation matrix of the design columns; equal to 1/(1 − R²) for a one-column term. With case
 * counts the correlations are weighted (the rows written out one per case; car::vif on lm(weights =)).
 */
function gvif(blocks: ReadonlyArray<{ term: string; columns: number[][] }>, weights: readonly number[] | null = null): Array<{ term: string; gvif: number; df: number }> {
  const cols = blocks.flatMap((b) => b.columns);
  const w = (i: number) => (weights ? weights[i]! : 1);
  const total = weights ? weights.reduce((a, b) => a + b, 0) : cols[0]!.length;
  const std = cols.map((c) => {
    const m = (weights ? c.reduce((a, v, i) => a + w(i) * v, 0) : c.reduce((a, b) => a + b, 0)) / total;
    const s = Math.sqrt(c.reduce((a, v, i) => a + w(i) * (v - m) ** 2, 0));
    return c.map((v) => (v - m) / s);
  });
  const r = std.map((a) => std.map((b) => a.reduce((s, v, i) => s + w(i) * v * b[i]!, 0)));
  const all = logDet(r);
  let start = 0;
  return blocks.map((b) => {
    const inside = b.columns.map((_, k) => start + k);
    start += b.columns.length;
    const outside = r.map((_, k) => k).filter((k) => !inside.includes(k));
    const sub = (idx: number[]) => idx.map((i) => idx.map((j) => r[i]![j]!));
    return { term: b.term, gvif: Math.exp(logDet(sub(inside)) + logDet(sub(outside)) - all), df: b.columns.length };
  });
}

const isCount = (v: number) => Number.isInteger(v) && v >= 0;

export function run(data: DataTable, params: Params): ToolOutput {
  const mode: InputMode = params.inputMode === 'frequency' ? 'frequency' : params.inputMode === 'grouped' ? 'grouped' : 'case';
  const grouped = mode === 'grouped';
  const yName = grouped ? '' : String(params.y ?? '');
  const wName = mode === 'frequency' ? String(params.weight ?? '') : '';
  const eName = grouped ? String(params.events ?? '') : '';
  const tName = grouped ? String(params.trials ?? '') : '';
  const xs = list(params.x);
  const fs = list(params.factors);
  if (grouped) {
    if (!eName) throw new ToolInputError('分组数据请选择“事件数”变量（每组发生结局的人数）');
    if (!tName) throw new ToolInputError('分组数据请选择“总数”变量（每组的总人数）');
    if (eName === tName) throw new ToolInputError(`“事件数”与“总数”选了同一列“${eName}”，请分别选择`);
  } else if (!yName) throw new ToolInputError('请选择结局变量（二分类）');
  if (mode === 'frequency' && !wName) throw new ToolInputError('频数加权格式请选择“频数变量”（每行代表的人数）');
  if (xs.length + fs.length === 0) throw new ToolInputError('请至少选择一个自变量（定量或分类）');
  const outcomeCols = grouped ? [eName, tName] : wName ? [yName, wName] : [yName];
  requireVariables(data, [...outcomeCols, ...xs, ...fs]);
  const both = xs.filter((x) => fs.includes(x));
  if (both.length > 0) throw new ToolInputError(`变量“${both[0]}”同时被选为定量与分类自变量，请只保留一种`);
  if (yName && [...xs, ...fs].includes(yName)) throw new ToolInputError(`结局变量“${yName}”不能同时作为自变量`);
  const reused = outcomeCols.find((c) => c !== yName && [...xs, ...fs].includes(c));
  if (reused) throw new ToolInputError(`变量“${reused}”已用作${reused === wName ? '频数' : reused === eName ? '事件数' : '总数'}，不能同时作为自变量`);
  if (wName && wName === yName) throw new ToolInputError(`频数变量不能与结局变量相同（“${wName}”）`);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const cutoff = typeof params.cutoff === 'number' && params.cutoff > 0 && params.cutoff < 1 ? params.cutoff : 0.5;
  const profile = params.ciMethod === 'profile';
  const selection = ['screen', 'forward', 'backward'].includes(String(params.selection)) ? (String(params.selection) as 'screen' | 'forward' | 'backward') : 'all';
  const criterion = params.criterion === 'aic' ? 'aic' : 'p';

  // Listwise deletion over the outcome (with its frequency, or events and trials) and every covariate.
  const yText = grouped ? null : data.text(yName);
  const wNum = wName ? numericValues(data, wName) : null;
  const eNum = grouped ? numericValues(data, eName) : null;
  const tNum = grouped ? numericValues(data, tName) : null;
  const numeric = new Map(xs.map((x) => [x, numericValues(data, x)]));
  const textCols = new Map(fs.map((f) => [f, data.text(f)]));
  const rows: number[] = [];
  let zeroRows = 0;
  for (let i = 0; i < data.rows; i++) {
    if (yText) {
      const v = yText[i];
      if (v === null || v === undefined || v.trim() === '') continue;
    }
    if ((wNum && wNum[i] === null) || (eNum && (eNum[i] === null || tNum![i] === null))) continue;
    if ([...numeric.values()].some((c) => c[i] === null)) continue;
    if ([...textCols.values()].some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    if (wNum) {
      const w = wNum[i]!;
      if (!isCount(w)) throw new ToolInputError(`频数变量“${wName}”第 ${i + 1} 行为 ${w}：频数必须是非负整数（该行代表的人数），请核对数据`);
      if (w === 0) {
        zeroRows++;
        continue;
      }
    }
    if (eNum) {
      const e = eNum[i]!;
      const t = tNum![i]!;
      if (!isCount(e)) throw new ToolInputError(`事件数“${eName}”第 ${i + 1} 行为 ${e}：事件数必须是非负整数`);
      if (!(Number.isInteger(t) && t >= 1)) throw new ToolInputError(`总数“${tName}”第 ${i + 1} 行为 ${t}：总数必须是正整数${t === 0 ? '（总数为 0 的组没有研究对象，请删除该行）' : ''}`);
      if (e > t) throw new ToolInputError(`第 ${i + 1} 行的事件数（${e}）大于总数（${t}），请核对“${eName}”与“${tName}”两列`);
    }
    rows.push(i);
  }
  if (rows.length === 0) throw new ToolInputError(zeroRows > 0 ? '去除缺失值与频数为 0 的行后没有可分析的行，请检查所选变量' : '去除缺失值后没有可分析的行，请检查所选变量');
  const excluded = data.rows - rows.length - zeroRows;
  const coding = yText ? binaryLevels(rows.map((i) => yText[i]!.trim()), yName, String(params.event ?? ''), '结局变量') : null;
  /** 0/1 outcome of each row (one row per case or frequency rows). */
  const y: number[] = coding ? rows.map((i) => (yText![i]!.trim() === coding.positive ? 1 : 0)) : [];
  /** Per row: the cases it stands for and the events among them. */
  const cases: number[] = rows.map((i) => (wNum ? wNum[i]! : tNum ? tNum[i]! : 1));
  const rowEvents: number[] = eNum ? rows.map((i) => eNum[i]!) : y.map((v, r) => v * cases[r]!);
  const n = cases.reduce((a, b) => a + b, 0);
  const events = rowEvents.reduce((a, b) => a + b, 0);
  const nonEvents = n - events;
  const eventWord = coding ? coding.positive : '发生';
  const negativeWord = coding ? coding.negative : '未发生';
  /** The outcome as running text names it: “低出生体重=是”, or the events column of grouped rows. */
  const outcome = coding ? `“${yName}=${eventWord}”` : `“${eName}”所计的结局`;
  const outcomeName = coding ? yName : `${eName}/${tName}`;
  if (grouped && (events === 0 || nonEvents === 0)) throw new ToolInputError(`各组的事件数${events === 0 ? '均为 0' : '均等于总数'}，结局没有变异，无法拟合 Logistic 回归`);
  const xv = new Map(xs.map((x) => [x, rows.map((i) => numeric.get(x)![i]!)]));
  const fv = new Map(fs.map((f) => [f, rows.map((i) => textCols.get(f)![i]!.trim())]));

  for (const x of xs) {
    const v = xv.get(x)!;
    if (v.every((u) => u === v[0])) throw new ToolInputError(`定量自变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），无法估计其效应，请删除该变量`);
  }
  const refs = parseReferences(params.reference, fs);
  const levels = new Map(fs.map((f) => [f, levelOrder(fv.get(f)!, f, refs.get(f) ?? [])]));
  const levelCounts = new Map<string, Map<string, { n: number; events: number }>>();
  for (const f of fs) {
    const lv = levels.get(f)!;
    if (lv.length < 2) throw new ToolInputError(`分类自变量“${f}”在分析的行中只有一个类别（“${lv[0]}”），无法纳入模型，请删除该变量`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`分类自变量“${f}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个；请合并类别，或把它作为定量变量`);
    const counts = new Map(lv.map((l) => [l, { n: 0, events: 0 }]));
    fv.get(f)!.forEach((v, i) => {
      const c = counts.get(v)!;
      c.n += cases[i]!;
      c.events += rowEvents[i]!;
    });
    levelCounts.set(f, counts);
  }
  const columnsOf = (name: string) => (xs.includes(name) ? 1 : levels.get(name)!.length - 1);
  const names = [...xs, ...fs];
  const minority = Math.min(events, nonEvents);
  const maxColumns = maxOf(names.map(columnsOf));
  if (minority <= maxColumns) throw new ToolInputError(`结局“${outcomeName}”中较少一类只有 ${minority} 例，需多于模型参数个数（${maxColumns}）。请合并分类变量的类别或收集更多资料`);
  for (const f of fs) {
    for (const [l, c] of levelCounts.get(f)!) {
      if (c.events === 0 || c.events === c.n) {
        throw new ToolInputError(
          `分类自变量“${f}”的类别“${l}”（${c.n} 例）${c.events === 0 ? `中没有发生“${eventWord}”` : `全部为“${eventWord}”`}，存在准完全分离，其 OR 趋于${c.events === 0 ? ' 0' : '无穷大'}、最大似然估计不存在；请将该类别与相邻类别合并，或删除这些行`,
        );
      }
    }
  }

  /** The covariate's values per row, or per case at the given expanded row indices. */
  const predictorOf = (name: string, at?: readonly number[]): Predictor => {
    const pick = <T,>(v: T[]) => (at ? at.map((r) => v[r]!) : v);
    return xs.includes(name) ? { name, values: pick(xv.get(name)!), type: 'numeric' } : { name, values: pick(fv.get(name)!), type: 'categorical', reference: levels.get(name)![0] };
  };
  const rowsIn = grouped ? { y: rowEvents, trials: cases } : mode === 'frequency' ? { y, weights: cases, event: 1 } : { y, event: 1 };
  const fit = (use: readonly string[], withProfile = profile): LogisticRegressionResult =>
    logisticRegression({ ...rowsIn, predictors: use.map((v) => predictorOf(v)), level, cutoff, profile: withProfile });
  /** Weighted or grouped rows written out one row per case: row index and 0/1 outcome of each case. */
  const expanded = (): { at: number[]; y: number[] } | null => {
    if (mode === 'case') return { at: rows.map((_, r) => r), y };
    if (n > MAX_EXPANDED) return null;
    const at: number[] = [];
    const ys: number[] = [];
    cases.forEach((c, r) => {
      for (let k = 0; k < c; k++) {
        at.push(r);
        ys.push(k < rowEvents[r]! ? 1 : 0);
      }
    });
    return { at, y: ys };
  };
  const ciOf = (c: LogisticRegressionResult['coefficients'][number]): readonly [number, number] => (profile && c.oddsRatioProfileCi ? c.oddsRatioProfileCi : c.oddsRatioCi);
  const ciName = profile ? '轮廓似然' : 'Wald';

  // Univariable screening: each covariate alone on the same rows.
  const uni = new Map<string, { fit: LogisticRegressionResult | null; error: string | null }>();
  for (const name of names) {
    try {
      uni.set(name, { fit: fit([name]), error: null });
    } catch (err) {
      if (!(err instanceof StatsError)) throw err;
      uni.set(name, { fit: null, error: err.message });
    }
  }
  const lrP = (name: string) => uni.get(name)!.fit?.modelPValue ?? NaN;
  const screenP = typeof params.screenP === 'number' && params.screenP > 0 ? params.screenP : 0.1;

  // Which covariates enter the multivariable model.
  let selected: string[] = names;
  let stepRows: Array<Array<string | number | null>> = [];
  if (selection === 'screen') selected = names.filter((v) => lrP(v) < screenP);
  if (selection === 'forward' || selection === 'backward') {
    // Stepwise fits run on the cases written out: the same likelihood-ratio tests and AIC differences.
    const ex = expanded();
    if (!ex) throw new ToolInputError(`逐步法需要把汇总数据展开为逐例数据，当前共 ${n} 例，超过 ${MAX_EXPANDED} 例；请改用“全部纳入”或“按单因素 P 值筛选”`);
    try {
      const step = stepwiseSelection({ model: 'logistic', y: ex.y, event: 1, predictors: names.map((v) => predictorOf(v, mode === 'case' ? undefined : ex.at)), direction: selection, criterion });
      selected = step.selected;
      stepRows = step.steps.map((s, i) => [i + 1, s.action === 'add' ? '引入' : '剔除', s.term, s.df, criterion === 'p' ? formatP(s.value) : num(s.value, 3)]);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`逐步回归：${err.message}`);
      throw err;
    }
  }

  const uniFootnotes: string[] = [];
  const uniRows = termRows(names, levels).map((r, i, all) => {
    const u = uni.get(r.variable)!;
    const first = i === 0 || all[i - 1]!.variable !== r.variable;
    const counts = r.level !== null ? levelCounts.get(r.variable)!.get(r.level)! : null;
    const head = [first ? r.variable : '', r.level ?? '', counts?.n ?? '', counts ? `${counts.events}（${num((100 * counts.events) / counts.n, 1)}%）` : ''];
    const overall = first ? (u.fit ? formatP(u.fit.modelPValue) : '—') : '';
    if (!u.fit) {
      if (first) uniFootnotes.push(`“${r.variable}”单独拟合失败：${u.error}`);
      return [...head, first ? '无法估计' : '', '', '', overall];
    }
    if (r.reference) return [...head, '1（参照）', '', '', overall];
    const c = u.fit.coefficients.find((x) => x.term === r.column)!;
    const ci = ciOf(c);
    return [...head, num(c.oddsRatio, 3), `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`, formatP(c.pValue), overall];
  });

  let multi: LogisticRegressionResult | null = null;
  let drop1: Map<string, FactorTest> = new Map();
  if (selected.length > 0) {
    const p = selected.reduce((s, v) => s + columnsOf(v), 0);
    if (minority <= p) throw new ToolInputError(`结局中较少一类只有 ${minority} 例：多因素模型有 ${p} 个参数，须多于参数个数（一般建议每个参数至少 10 例）。请减少自变量或合并类别`);
    try {
      multi = fit(selected);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`多因素模型：${err.message}`);
      throw err;
    }
    const m = multi;
    drop1 = factorDrop1(selected, fs, columnsOf, (rest) => fit(rest, false).deviance, m.deviance, m.nullDeviance);
  }
  const params0 = multi ? multi.coefficients.length - 1 : 0;

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本',
        [...(mode === 'case' ? [] : ['数据格式', grouped ? '组数' : '数据行数']), '纳入例数', `结局发生（${eventWord}）`, `未发生（${negativeWord}）`, '因缺失排除', '多因素模型参数', '每参数事件数（EPV）'],
        [[...(mode === 'case' ? [] : [MODE_NAME[mode], rows.length]), n, events, nonEvents, excluded, params0 || '—', params0 ? num(minority / params0, 1) : '—']],
        [
          ...(coding ? [levelNote('结局变量', yName, coding, '代表结局发生的取值')] : []),
          ...(mode === 'frequency'
            ? [`频数加权：每行按“${wName}”列的数值计为相应例数（同 R 的 glm(weights = ${wName})、SPSS 的个案加权），纳入例数为 ${rows.length} 行的频数之和。${zeroRows > 0 ? `另有 ${zeroRows} 行频数为 0，不参与分析。` : ''}`]
            : grouped
              ? [`分组数据：每行一组，“${eName}”为发生结局的人数，“${tName}”为总人数（同 R 的 glm(cbind(${eName}, ${tName} − ${eName}) ~ …)），纳入例数为各组总数之和。`]
              : []),
          missingNote(excluded),
          '单因素与多因素分析使用同一批观测；EPV 为结局中较少一类的例数除以模型参数个数（不含常数项）。',
        ],
      ),
    ],
  });
  sections.push({
    title: '单因素 Logistic 回归',
    blocks: [
      table('表2 单因素 Logistic 回归（每个变量单独拟合）', ['变量', '类别', '例数', `${eventWord}（%）`, 'OR', `${pct}%CI`, 'P', '整体 P'], uniRows, [
        `OR 的 P 为 Wald 检验，置信区间为 ${ciName} 法；整体 P 为该变量的似然比检验（多分类变量为全部哑变量的联合检验）。`,
        ...(selection === 'screen' ? [`多因素模型纳入整体 P < ${screenP} 的变量：${selected.length > 0 ? quoted(selected) : '无'}。`] : []),
        ...uniFootnotes,
      ]),
    ],
  });

  const results: ToolOutput['results'] = { n, events, excluded, eventValue: eventWord, selection, selected: selected.join('、'), inputMode: mode, dataRows: rows.length, zeroWeightRows: zeroRows };
  for (const name of names) {
    const u = uni.get(name)!.fit;
    results[`uniLrP.${name}`] = u ? u.modelPValue : null;
    for (const c of u?.coefficients.slice(1) ?? []) {
      const ci = ciOf(c);
      results[`uniOr.${c.term}`] = c.oddsRatio;
      results[`uniOrLower.${c.term}`] = finiteOrNull(ci[0]);
      results[`uniOrUpper.${c.term}`] = finiteOrNull(ci[1]);
      results[`uniP.${c.term}`] = c.pValue;
    }
  }

  const parts: string[] = [];
  const caveats: string[] = [];
  parts.push(
    coding
      ? `${mode === 'frequency' ? `按频数加权（${rows.length} 行汇总数据），` : ''}共纳入 ${n} 例，其中“${yName}”为“${eventWord}”者 ${events} 例（${num((100 * events) / n, 1)}%）。`
      : `按分组数据（${rows.length} 组，事件数“${eName}”/总数“${tName}”）分析，共纳入 ${n} 例，发生结局 ${events} 例（${num((100 * events) / n, 1)}%）。`,
  );
  const uniSig = names.filter((v) => lrP(v) < 1 - level);
  parts.push(uniSig.length > 0 ? `单因素 Logistic 回归中，${quoted(uniSig)}与${outcome}有关（P < ${num(1 - level, 3)}）。` : '单因素 Logistic 回归中，各变量与结局的关联均无统计学意义。');

  const methodText = { all: '全部纳入法（Enter）', screen: `单因素筛选（P < ${screenP}）后全部纳入`, forward: `向前逐步法（${criterion === 'p' ? '似然比 P 值，引入 0.05、剔除 0.10' : 'AIC'}）`, backward: `向后逐步法（${criterion === 'p' ? '似然比 P 值，引入 0.05、剔除 0.10' : 'AIC'}）` }[selection];
  if (stepRows.length > 0 || selection === 'forward' || selection === 'backward') {
    sections.push({
      title: '逐步回归过程',
      blocks: [
        table(
          `表3 ${methodText}的变量选择过程`,
          ['步骤', '操作', '变量', 'df', criterion === 'p' ? '似然比检验 P' : '变动后 AIC'],
          stepRows.length > 0 ? stepRows : [['—', '无变动', '', '', '']],
          [
            criterion === 'p'
              ? '同 SPSS 的 Forward/Backward:LR：每步先剔除似然比检验 P 最大且 > 0.10 的变量，否则引入 P 最小且 < 0.05 的变量。'
              : '同 R 的 step()：每步在全部可能的引入/剔除中选使 AIC 最小的一步，AIC 不再下降时停止。',
            ...(grouped && criterion === 'aic' ? ['逐步过程按展开后的逐例数据计算，表中 AIC 比分组数据的 AIC（含二项系数项，如表中模型拟合部分所示）大一个常数，两者的差值及所选模型相同。'] : []),
            `最终模型：${selected.length > 0 ? quoted(selected) : '无变量入选'}。`,
          ],
        ),
      ],
    });
  }

  if (!multi) {
    parts.push(selection === 'screen' ? `没有变量满足单因素筛选标准（整体 P < ${screenP}），未建立多因素模型。` : '逐步法没有选入任何变量，未建立多因素模型。');
  } else {
    const m = multi;
    const rows = termRows(selected, levels);
    const coef = new Map(m.coefficients.map((c) => [c.term, c]));
    const t = (k: number) => `表${k + (sections.some((s) => s.title === '逐步回归过程') ? 1 : 0)}`;
    const multiRows = rows.map((r, i, all) => {
      const first = i === 0 || all[i - 1]!.variable !== r.variable;
      const d = first ? drop1.get(r.variable) : undefined;
      const head = [first ? r.variable : '', r.level ?? ''];
      const overall = d ? formatP(d.pValue) : '';
      if (r.reference) return [...head, '', '', '', '', '1（参照）', '', overall];
      const c = coef.get(r.column!)!;
      const ci = ciOf(c);
      return [...head, num(c.estimate, 4), num(c.se, 4), num(c.statistic ** 2, 3), formatP(c.pValue), num(c.oddsRatio, 3), `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`, overall];
    });
    const b0 = m.coefficients[0]!;
    multiRows.push(['常数项', '', num(b0.estimate, 4), num(b0.se, 4), num(b0.statistic ** 2, 3), formatP(b0.pValue), num(b0.oddsRatio, 3), '', '']);
    const hl = m.hosmerLemeshow;
    const cl = m.classification;
    const ex = expanded();
    const roc = ex ? rocCurve(ex.at.map((r) => m.fitted[r]!), ex.y, { positive: 1, direction: '<', level }) : null;
    const vifs =
      selected.length >= 2
        ? gvif(
            selected.map((v) => ({
              term: v,
              columns: xs.includes(v) ? [xv.get(v)!] : levels.get(v)!.slice(1).map((l) => fv.get(v)!.map((u) => (u === l ? 1 : 0))),
            })),
            mode === 'case' ? null : cases,
          )
        : [];

    const modelBlocks = [
      table(`${t(3)} 多因素 Logistic 回归（${methodText}）`, ['变量', '类别', 'B', 'SE', 'Wald χ²', 'P', 'OR', `OR ${pct}%CI`, '整体 P'], multiRows, [
        `结局为${outcome}；OR = exp(B)，为其他变量不变时该变量每增加 1 个单位（或相对于参照类别）结局发生的比值比。Wald χ² = (B/SE)²，df = 1；OR 的置信区间为 ${ciName} 法${profile ? '（R: confint(fit)）' : '（R: confint.default(fit)）'}。`,
        ...(drop1.size > 0 ? ['整体 P：多分类变量全部哑变量的似然比检验（R: drop1(fit, test = "Chisq")）。'] : []),
      ]),
      forestChart(
        forestRows(rows, (column) => ({ ratio: coef.get(column)!.oddsRatio, ci: ciOf(coef.get(column)!) })),
        { title: '图1 多因素 Logistic 回归的 OR（森林图）', xName: `OR（${pct}%CI，对数刻度）` },
      ),
    ];
    sections.push({ title: '多因素 Logistic 回归', blocks: modelBlocks });

    sections.push({
      title: '模型检验与拟合优度',
      blocks: [
        table(
          `${t(4)} 模型整体检验与拟合`,
          ['指标', '值'],
          [
            ['似然比 χ²（模型 vs 仅常数项）', num(m.modelChiSquare, 3)],
            ['df', m.modelDf],
            ['P', formatP(m.modelPValue)],
            ['−2 对数似然（仅常数项）', num(m.nullDeviance, 3)],
            ['−2 对数似然（模型）', num(m.deviance, 3)],
            ['AIC', num(m.aic, 3)],
            ['BIC', num(m.bic, 3)],
            ['Cox–Snell R²', num(m.coxSnellR2, 4)],
            ['Nagelkerke R²', num(m.nagelkerkeR2, 4)],
          ],
          ['似然比检验检验全部回归系数是否同时为 0；Nagelkerke R² 为 Cox–Snell R² 除以其最大可能值，仅供参考，不宜与线性回归的 R² 等同看待。'],
        ),
        ...(hl
          ? [
              table(
                `${t(5)} Hosmer–Lemeshow 拟合优度检验`,
                ['组', '例数', `观察“${eventWord}”`, `期望“${eventWord}”`, `观察“${negativeWord}”`, `期望“${negativeWord}”`],
                [
                  ...hl.groups.map((g, i) => [i + 1, g.n, g.observed, num(g.expected, 2), g.n - g.observed, num(g.n - g.expected, 2)]),
                  ['χ²', num(hl.statistic, 3), 'df', hl.df, 'P', formatP(hl.pValue)],
                ],
                [
                  '按预测概率的十分位数分组（结点相同的分位数合并）；P > 0.05 表示模型预测与观察结果无明显差异，拟合良好。',
                  ...(mode === 'case' ? [] : [`按例计算：${grouped ? '每组' : '每行'}的全部研究对象共用该${grouped ? '组' : '行'}的预测概率，分在同一组（等同于展开为逐例数据后的检验）。${grouped ? '分组数据的协变量组合较少时分组可能少于 10 组；每组例数较多时也可参考残差偏差（Deviance）的拟合优度。' : ''}`]),
                ],
              ),
            ]
          : []),
      ],
    });

    sections.push({
      title: '预测效果',
      blocks: [
        table(
          `${t(6)} 分类表（预测概率界值 ${cutoff}）`,
          ['观察值', `预测“${eventWord}”`, `预测“${negativeWord}”`, '正确百分比（%）'],
          [
            [eventWord, cl.truePositive, cl.falseNegative, num(100 * cl.sensitivity, 1)],
            [negativeWord, cl.falsePositive, cl.trueNegative, num(100 * cl.specificity, 1)],
            ['总体', '', '', num(100 * cl.accuracy, 1)],
          ],
          [`预测概率 > ${cutoff} 判为“${eventWord}”。“${eventWord}”行的正确百分比即灵敏度，“${negativeWord}”行即特异度。${mode === 'case' ? '' : '表中为例数（按频数或组内人数计）。'}`],
        ),
        ...(roc
          ? [
              table(
                `${t(7)} 预测概率的 ROC 分析`,
                ['AUC', 'SE', `${pct}%CI`, 'P', '最佳界值（Youden）', '灵敏度', '特异度'],
                [[num(roc.auc, 4), num(roc.se, 4), `${num(roc.ci[0], 4)} ~ ${num(roc.ci[1], 4)}`, formatP(roc.pValue), num(roc.best.threshold, 4), num(roc.best.sensitivity, 4), num(roc.best.specificity, 4)]],
                [
                  'AUC 的标准误与置信区间为 DeLong 法（R: pROC::ci.auc(method = "delong")）；P 为 AUC = 0.5 的检验。在建模数据上评价，会高估模型在新样本中的区分度。',
                  ...(mode === 'case' ? [] : ['按例计算：汇总数据展开为逐例数据（每例取所在行的预测概率）后的 ROC 分析。']),
                ],
              ),
              rocChart([{ name: `模型预测概率（AUC = ${num(roc.auc, 3)}）`, points: roc.points.map((q) => [1 - q.specificity, q.sensitivity]), best: [1 - roc.best.specificity, roc.best.sensitivity] }], {
                title: '图2 多因素模型预测概率的 ROC 曲线',
                bestLabel: 'Youden 最佳界值',
              }),
            ]
          : []),
      ],
    });

    if (vifs.length > 0) {
      sections.push({
        title: '共线性诊断',
        blocks: [
          table(
            `${t(8)} 方差膨胀因子（VIF）`,
            ['变量', 'GVIF', 'df', 'GVIF^(1/(2·df))'],
            vifs.map((v) => [v.term, num(v.gvif, 3), v.df, num(v.gvif ** (1 / (2 * v.df)), 3)]),
            ['按自变量之间的相关计算（与 R 的 car::vif 对同一组自变量的线性模型相同，亦即 SPSS 的共线性诊断）；多分类变量给出广义 VIF（GVIF），GVIF^(1/(2·df)) 可与单列变量的 √VIF 比较。VIF > 10（或 GVIF^(1/(2·df)) > 3.16）提示严重共线性。'],
          ),
        ],
      });
      const high = vifs.filter((v) => v.gvif ** (1 / v.df) > 10 || !Number.isFinite(v.gvif));
      if (high.length > 0) caveats.push(`${quoted(high.map((v) => v.term))}的 VIF 较大，存在明显共线性，其系数的标准误被放大、方向可能不稳定；可删除或合并高度相关的变量。`);
    }

    // Conclusion.
    const sigRows = rows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < 1 - level);
    const describe = (r: TermRow) => {
      const c = coef.get(r.column!)!;
      const ci = ciOf(c);
      const what =
        r.level === null
          ? `“${r.variable}”每增加 1 个单位，${outcome}的比值${c.oddsRatio > 1 ? '增加' : '降低'} ${num(Math.abs(c.oddsRatio - 1) * 100, 1)}%`
          : `“${r.variable}”为“${r.level}”者${outcome}的比值是“${levels.get(r.variable)![0]}”者的 ${num(c.oddsRatio, 2)} 倍`;
      return `${what}（OR = ${num(c.oddsRatio, 3)}，${pct}%CI ${num(ci[0], 3) ?? 0} ~ ${num(ci[1], 3) ?? '∞'}，${pSentence(c.pValue)}）`;
    };
    parts.push(`多因素 Logistic 回归（${methodText}）纳入 ${quoted(selected)}。` + (sigRows.length > 0 ? `调整其他变量后，${sigRows.map(describe).join('；')}。` : '调整其他变量后，各变量的效应均无统计学意义。'));
    const nonsig = selected.filter((v) => !sigRows.some((r) => r.variable === v));
    if (sigRows.length > 0 && nonsig.length > 0) parts.push(`${quoted(nonsig)}的效应无统计学意义。`);
    parts.push(
      `模型似然比检验 χ² = ${num(m.modelChiSquare, 3)}，df = ${m.modelDf}，${pSentence(m.modelPValue)}；Nagelkerke R² = ${num(m.nagelkerkeR2, 3)}。` +
        (hl ? `Hosmer–Lemeshow 检验 χ² = ${num(hl.statistic, 3)}，df = ${hl.df}，${pSentence(hl.pValue)}，${hl.pValue > 0.05 ? '模型拟合良好' : '提示模型拟合欠佳'}。` : '') +
        `以 ${cutoff} 为界值，模型总体预测正确率为 ${num(100 * cl.accuracy, 1)}%（灵敏度 ${num(100 * cl.sensitivity, 1)}%，特异度 ${num(100 * cl.specificity, 1)}%）；` +
        (roc ? `预测概率的 ROC 曲线下面积 AUC = ${num(roc.auc, 3)}（${pct}%CI ${num(roc.ci[0], 3)} ~ ${num(roc.ci[1], 3)}）。` : ''),
    );
    if (!roc) caveats.push(`共 ${n} 例，超过 ${MAX_EXPANDED} 例，未做预测概率的 ROC 分析。`);
    if (hl && hl.pValue <= 0.05) caveats.push('Hosmer–Lemeshow 检验提示拟合欠佳：可能遗漏了重要变量、交互作用，或定量变量与 logit 不呈线性（可尝试分段或样条）。');
    if (!hl) caveats.push('预测概率的不同取值太少（少于 3 组），无法进行 Hosmer–Lemeshow 检验。');
    const epv = minority / params0;
    if (epv < 10) caveats.push(`每个参数的事件数（EPV = ${num(epv, 1)}）少于 10，系数估计可能不稳定、存在过拟合；宜减少自变量或合并类别。`);
    const wide = rows.filter((r) => !r.reference && (() => { const ci = ciOf(coef.get(r.column!)!); return !(ci[1] / ci[0] <= 100); })());
    if (wide.length > 0) caveats.push(`${quoted(wide.map((r) => r.column!))}的 OR 置信区间极宽，估计很不精确（常见于类别例数或事件很少）。`);

    Object.assign(results, {
      statistic: m.modelChiSquare,
      df: m.modelDf,
      p: m.modelPValue,
      deviance: m.deviance,
      nullDeviance: m.nullDeviance,
      logLik: m.logLik,
      aic: m.aic,
      bic: m.bic,
      coxSnellR2: m.coxSnellR2,
      nagelkerkeR2: m.nagelkerkeR2,
      hlStatistic: hl ? hl.statistic : null,
      hlDf: hl ? hl.df : null,
      hlP: hl ? hl.pValue : null,
      cutoff,
      truePositive: cl.truePositive,
      falseNegative: cl.falseNegative,
      falsePositive: cl.falsePositive,
      trueNegative: cl.trueNegative,
      sensitivity: finiteOrNull(cl.sensitivity),
      specificity: finiteOrNull(cl.specificity),
      accuracy: cl.accuracy,
      auc: roc ? roc.auc : null,
      aucSe: roc ? roc.se : null,
      aucLower: roc ? roc.ci[0] : null,
      aucUpper: roc ? roc.ci[1] : null,
      parameters: params0,
      ciMethod: profile ? 'profile' : 'wald',
    });
    for (const c of m.coefficients) {
      const ci = ciOf(c);
      Object.assign(results, {
        [`estimate.${c.term}`]: c.estimate,
        [`se.${c.term}`]: c.se,
        [`wald.${c.term}`]: c.statistic ** 2,
        [`p.${c.term}`]: c.pValue,
        [`or.${c.term}`]: c.oddsRatio,
        [`orLower.${c.term}`]: finiteOrNull(ci[0]),
        [`orUpper.${c.term}`]: finiteOrNull(ci[1]),
      });
    }
    for (const [f, d] of drop1) results[`termP.${f}`] = d.pValue;
    for (const v of vifs) results[`vif.${v.term}`] = finiteOrNull(v.gvif);
  }

  for (const f of fs) {
    const sparse = [...levelCounts.get(f)!].filter(([, c]) => c.n < 5 || c.events < 3 || c.n - c.events < 3).map(([l]) => `“${l}”`);
    if (sparse.length > 0) caveats.push(`分类自变量“${f}”的类别${sparse.join('、')}例数或事件数很少，其 OR 估计不稳定；可考虑合并类别。`);
  }
  if (selection !== 'all') caveats.push('按 P 值筛选或逐步法选择变量可能遗漏需要调整的混杂因素，且所选模型的 P 值与置信区间偏乐观；变量选择宜以专业知识为主。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return { title: `二元 Logistic 回归：${outcomeName}`, sections, results };
}
