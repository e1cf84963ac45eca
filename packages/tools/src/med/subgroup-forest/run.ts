// 亚组分析森林图: the exposure's effect (OR, HR or mean difference, adjusted for the chosen
// covariates) overall and inside each level of each subgroup variable, with the exposure × subgroup
// interaction test in the whole sample, drawn as the forest plot trial reports print (labels, N,
// events or means, effect with CI, interaction P). Numeric subgroup variables with many values are
// cut at the median; a subgroup variable with one level is refused by name.
import type { ReportBlock } from '@labstat/contracts';
import { StatsError, subgroupAnalysis, type Predictor, type SubgroupLevel, type SubgroupModel, maxOf, minOf } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { fieldList, quoted } from '../../model-input.js';
import { parseReferences } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, numericValues, readSurvival } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_SUBGROUPS = 12;
const MAX_LEVELS = 10;
/** Numeric subgroup variables with more distinct values than this are cut at the median. */
const MAX_NUMERIC_LEVELS = 6;
const CONTROL = ['对照', '对照组', '安慰剂', '安慰剂组', '空白对照', '常规治疗', '标准治疗', '未治疗', '未暴露', '非暴露', '否', '无', '0', 'control', 'placebo', 'no', 'unexposed'];
const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
const MEASURE: Record<SubgroupModel, string> = { logistic: 'OR', cox: 'HR', linear: '均值差' };
const MODEL_NAME: Record<SubgroupModel, string> = { logistic: 'Logistic 回归', cox: 'Cox 比例风险回归', linear: '线性回归' };

/** Text safe inside an ECharts rich-text label (its markup uses braces and the bar). */
const plain = (s: string) => s.replace(/[{}|]/g, ' ');

const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8 };

/**
 * Levels in a natural order when they share a pattern: numbers (“1”, “2.5”), numbers or Roman
 * numerals before a common suffix (“1级”, “II期”, “III期”); otherwise as first seen.
 */
export function naturalOrder(levels: readonly string[]): string[] {
  const keyed = (re: RegExp, value: (m: RegExpExecArray) => number) => {
    const ms = levels.map((l) => re.exec(l));
    if (ms.some((m) => m === null)) return null;
    const suffix = ms[0]![2] ?? '';
    if (ms.some((m) => (m![2] ?? '') !== suffix)) return null;
    return levels.map((l, i) => ({ l, k: value(ms[i]!) })).sort((a, b) => a.k - b.k).map((x) => x.l);
  };
  return (
    keyed(/^(-?\d+(?:\.\d+)?)(.*)$/, (m) => Number(m[1])) ??
    keyed(/^(VIII|VII|VI|IV|V|III|II|I)(.*)$/, (m) => ROMAN[m[1]!]!) ??
    [...levels]
  );
}

/** Median as R's median(): the middle value, or the mean of the two middle ones. */
function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface ForestLine {
  label: string;
  bold: boolean;
  n: string;
  detail: string;
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  effect: string;
  pInteraction: string;
  weight: number;
}

function forestPlot(lines: readonly ForestLine[], o: { title: string; log: boolean; measure: string; pct: number; detailName: string }): ReportBlock {
  const rows = [{ label: '亚组', bold: true, n: '例数', detail: o.detailName, effect: `${o.measure}（${o.pct}%CI）`, pInteraction: '交互 P' }, ...lines];
  const n = rows.length;
  const drawn = lines.map((l, i) => ({ l, i: i + 1 })).filter(({ l }) => l.estimate !== null && l.lower !== null && l.upper !== null && (!o.log || l.lower > 0) && Number.isFinite(l.upper));
  const ends = drawn.flatMap(({ l }) => [l.lower!, l.upper!]);
  const ref = o.log ? 1 : 0;
  let xAxis: Record<string, unknown>;
  if (o.log) {
    const lo = Math.min(ref, minOf(ends));
    const hi = Math.max(ref, maxOf(ends));
    const base = hi / lo <= 64 ? 2 : 10;
    xAxis = { type: 'log', logBase: base, min: base ** Math.floor(Math.log(lo) / Math.log(base) + 1e-9), max: base ** Math.ceil(Math.log(hi) / Math.log(base) - 1e-9) };
  } else {
    const lo = Math.min(ref, minOf(ends));
    const hi = Math.max(ref, maxOf(ends));
    const pad = (hi - lo) * 0.05 || 1;
    xAxis = { type: 'value', min: Number((lo - pad).toPrecision(3)), max: Number((hi + pad).toPrecision(3)) };
  }
  const maxW = Math.max(maxOf(drawn.map(({ l }) => l.weight)), 1);
  const r6 = (v: number) => Number(v.toPrecision(6));
  const cat = (position: 'left' | 'right', offset: number, data: string[], align: 'left' | 'right' | 'center') => ({
    type: 'category',
    inverse: true,
    position,
    offset,
    data: data.map((d, i) => (rows[i]!.bold && d !== '' ? `{b|${plain(d)}}` : plain(d))),
    axisTick: { show: false },
    axisLine: { show: false },
    axisLabel: { align, margin: 0, fontSize: 12, color: '#303133', rich: { b: { fontWeight: 'bold', fontSize: 12 } } },
  });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      grid: { left: 400, right: 250, top: 10, bottom: 50, containLabel: false },
      xAxis: { ...xAxis, name: `${o.measure}（${o.pct}%CI${o.log ? '，对数刻度' : ''}）`, nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' }, onZero: false } },
      yAxis: [
        cat('left', 390, rows.map((r) => (r.bold ? r.label : `   ${r.label}`)), 'left'),
        cat('left', 220, rows.map((r) => r.n), 'center'),
        cat('left', 90, rows.map((r) => r.detail), 'center'),
        cat('right', 10, rows.map((r) => r.effect), 'left'),
        cat('right', 200, rows.map((r) => r.pInteraction), 'left'),
        { type: 'value', min: -0.5, max: n - 0.5, inverse: true, show: false },
      ],
      series: [
        {
          type: 'lines',
          coordinateSystem: 'cartesian2d',
          yAxisIndex: 5,
          silent: true,
          lineStyle: { color: '#303133', width: 1.5, opacity: 1 },
          data: drawn.map(({ l, i }) => ({ coords: [[r6(l.lower!), i], [r6(l.upper!), i]] })),
        },
        {
          type: 'scatter',
          yAxisIndex: 5,
          symbol: 'rect',
          itemStyle: { color: '#303133' },
          data: drawn.map(({ l, i }) => ({ value: [r6(l.estimate!), i], symbolSize: Math.round(5 + 9 * Math.sqrt(l.weight / maxW)), ...(i === 1 ? { symbol: 'diamond', symbolSize: 16 } : {}) })),
          markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: '#909399', type: 'dashed' }, data: [{ xAxis: ref }] },
        },
      ],
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const type = params.outcomeType === 'survival' ? 'survival' : params.outcomeType === 'continuous' ? 'continuous' : 'binary';
  const model: SubgroupModel = type === 'survival' ? 'cox' : type === 'continuous' ? 'linear' : 'logistic';
  const measure = MEASURE[model];
  const log = model !== 'linear';
  const level = levelOf(params);
  const pct = Math.round(level * 1000) / 10;
  const exName = String(params.exposure ?? '');
  if (!exName) throw new ToolInputError('请选择暴露/分组变量');
  const subNames = fieldList(params.subgroups);
  if (subNames.length === 0) throw new ToolInputError('请至少选择一个亚组变量');
  if (subNames.length > MAX_SUBGROUPS) throw new ToolInputError(`亚组变量最多 ${MAX_SUBGROUPS} 个，请减少所选的变量`);
  const xs = fieldList(params.x);
  const fs = fieldList(params.factors);
  requireVariables(data, [exName, ...subNames, ...xs, ...fs]);
  if (subNames.includes(exName)) throw new ToolInputError(`暴露变量“${exName}”不能同时作为亚组变量`);
  if ([...xs, ...fs].includes(exName)) throw new ToolInputError(`暴露变量“${exName}”不能同时作为协变量`);
  const both = xs.find((x) => fs.includes(x));
  if (both) throw new ToolInputError(`变量“${both}”同时被选为定量与分类协变量，请只保留一种`);

  // Outcome columns and which rows have them.
  let outcomeCols: string[];
  let outcomeNote = '';
  let present: (i: number) => boolean;
  let outcomeOf: (i: number) => number;
  let timeOf: (i: number) => number = () => NaN;
  if (type === 'survival') {
    const s = readSurvival(data, params);
    outcomeCols = [s.timeName, s.statusName];
    const pos = new Map(s.rows.map((i, k) => [i, k]));
    present = (i) => pos.has(i);
    outcomeOf = (i) => s.status[pos.get(i)!]!;
    timeOf = (i) => s.time[pos.get(i)!]!;
    outcomeNote = s.codingNote;
  } else if (type === 'continuous') {
    const name = String(params.score ?? '');
    if (!name) throw new ToolInputError('请选择连续结局变量');
    requireVariables(data, [name]);
    outcomeCols = [name];
    const v = numericValues(data, name);
    present = (i) => v[i] !== null;
    outcomeOf = (i) => v[i]!;
  } else {
    const name = String(params.y ?? '');
    if (!name) throw new ToolInputError('请选择结局变量（二分类）');
    requireVariables(data, [name]);
    outcomeCols = [name];
    const v = data.text(name);
    present = (i) => (v[i] ?? '').trim() !== '';
    const seen: string[] = [];
    for (let i = 0; i < data.rows; i++) if (present(i)) seen.push(v[i]!.trim());
    const coding = binaryLevels(seen, name, String(params.event ?? ''), '结局变量');
    outcomeNote = levelNote('结局变量', name, coding, '代表结局发生（事件）的取值');
    outcomeOf = (i) => (v[i]!.trim() === coding.positive ? 1 : 0);
  }
  const clash = [exName, ...subNames, ...xs, ...fs].find((c) => outcomeCols.includes(c));
  if (clash) throw new ToolInputError(`变量“${clash}”已用作结局，不能同时作为暴露、亚组变量或协变量`);

  // Listwise deletion over the outcome, exposure, subgroup variables and covariates.
  const isNumeric = (name: string) => data.variables.find((v) => v.name === name)?.type === 'numeric';
  const textOf = new Map([exName, ...subNames, ...fs].map((c) => [c, data.text(c)]));
  const numOf = new Map([...xs, ...subNames.filter(isNumeric)].map((c) => [c, numericValues(data, c)]));
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    if (!present(i)) continue;
    if ([...textOf.values()].some((c) => (c[i] ?? '').trim() === '')) continue;
    if ([...numOf.values()].some((c) => c[i] === null)) continue;
    rows.push(i);
  }
  const n = rows.length;
  if (n < 20) throw new ToolInputError(`去除缺失值后只有 ${n} 例，亚组分析至少需要 20 例`);
  const excluded = data.rows - n;
  // Entries for columns not chosen this time are ignored (a user may drop a subgroup and keep the text).
  const refs = parseReferences(params.reference, data.variables.map((v) => v.name));

  // Exposure levels, reference first.
  const exValues = rows.map((i) => textOf.get(exName)![i]!.trim());
  const seenEx = [...new Set(exValues)];
  if (seenEx.length < 2) throw new ToolInputError(`暴露变量“${exName}”在分析的行中只有一个水平（“${seenEx[0]}”），无法估计效应`);
  if (seenEx.length > MAX_LEVELS) throw new ToolInputError(`暴露变量“${exName}”有 ${seenEx.length} 个水平，超过 ${MAX_LEVELS} 个；请合并水平`);
  const givenRef = String(params.exposureReference ?? '').trim();
  if (givenRef && !seenEx.includes(givenRef)) throw new ToolInputError(`暴露变量“${exName}”中没有取值“${givenRef}”，可选的取值为 ${quoted(seenEx.slice(0, 8))}`);
  const autoRef = seenEx.find((l) => CONTROL.includes(l.toLowerCase())) ?? seenEx.find((l) => l.includes('对照') || l.includes('安慰剂'));
  const exRef = givenRef || autoRef || seenEx[0]!;
  const exLevels = [exRef, ...seenEx.filter((l) => l !== exRef)];
  const exHow = givenRef ? '按用户指定' : autoRef ? '按取值名称自动识别' : '取数据中最先出现的水平';

  // Subgroup variables: categories, or numeric ones cut at the median.
  const cuts: string[] = [];
  const subgroups = subNames.map((s) => {
    let values: string[];
    let levels: string[];
    const nums = numOf.get(s);
    const distinct = nums ? new Set(rows.map((i) => nums[i]!)).size : 0;
    if (nums && distinct > MAX_NUMERIC_LEVELS) {
      const v = rows.map((i) => nums[i]!);
      const m = median(v);
      const lo = `≤${num(m, 4)}`;
      const hi = `>${num(m, 4)}`;
      values = v.map((x) => (x <= m ? lo : hi));
      levels = [lo, hi];
      cuts.push(`“${s}”按中位数 ${num(m, 4)} 分为两组（≤${num(m, 4)}、>${num(m, 4)}）`);
    } else {
      values = rows.map((i) => textOf.get(s)?.[i]?.trim() ?? String(nums![i]));
      levels = levelOrder(naturalOrder([...new Set(values)]), s, refs.get(s) ?? []);
    }
    if (levels.length < 2) throw new ToolInputError(`亚组变量“${s}”在分析的行中只有一个水平（“${levels[0]}”），无法做亚组分析；请删除该变量`);
    if (levels.length > MAX_LEVELS) throw new ToolInputError(`亚组变量“${s}”有 ${levels.length} 个水平，超过 ${MAX_LEVELS} 个；请合并水平或选择其他变量`);
    return { name: s, values, levels };
  });

  // Covariates.
  const covariates: Predictor[] = [];
  for (const x of xs) {
    const v = rows.map((i) => numOf.get(x)![i]!);
    if (v.every((u) => u === v[0])) throw new ToolInputError(`协变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），请删除该变量`);
    covariates.push({ name: x, type: 'numeric', values: v });
  }
  for (const f of fs) {
    const v = rows.map((i) => textOf.get(f)![i]!.trim());
    const lv = levelOrder(v, f, refs.get(f) ?? []);
    if (lv.length < 2) throw new ToolInputError(`分类协变量“${f}”在分析的行中只有一个类别（“${lv[0]}”），请删除该变量`);
    if (lv.length > 15) throw new ToolInputError(`分类协变量“${f}”有 ${lv.length} 个类别，超过 15 个；请合并类别`);
    covariates.push({ name: f, type: 'categorical', values: v, reference: lv[0] });
  }
  const outcome = rows.map(outcomeOf);
  const events = model === 'linear' ? null : outcome.reduce((a, b) => a + b, 0);
  if (events !== null && events < 10) throw new ToolInputError(`结局事件只有 ${events} 例，太少，无法做亚组分析（每个亚组都需要足够的事件）`);
  const params0 = exLevels.length - 1 + covariates.reduce((a, c) => a + (c.type === 'numeric' ? 1 : new Set(c.values as string[]).size - 1), 0);

  let res;
  try {
    res = subgroupAnalysis({
      model,
      ...(model === 'cox' ? { time: rows.map(timeOf), status: outcome } : { y: outcome }),
      exposure: { name: exName, values: exValues, levels: exLevels },
      subgroups,
      covariates,
      level,
    });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }

  // Table and forest rows.
  const multi = exLevels.length > 2;
  const armCols = exLevels.map((l) => (model === 'linear' ? `${l} 均值` : `${l} 事件/例数`));
  const armCells = (lv: SubgroupLevel) => lv.arms.map((a) => (model === 'linear' ? num(a.mean, 2) : `${a.events}/${a.n}`));
  const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : v > 0 ? '∞' : '−∞');
  const effectText = (e: { estimate: number; lower: number; upper: number }) => `${f2(e.estimate)} (${f2(e.lower)}–${f2(e.upper)})`;
  const tableRows: Array<Array<string | number | null>> = [];
  const lines: ForestLine[] = [];
  const footnotes: string[] = [];
  const detailName = model === 'linear' ? '均值' : multi ? '事件数' : `事件（${exLevels[1]}/${exLevels[0]}）`;
  const detailOf = (lv: SubgroupLevel) =>
    model === 'linear' ? lv.arms.map((a) => (a.mean === null ? '—' : num(a.mean, 1))).join(' / ') : multi ? String(lv.events) : `${lv.arms[1]!.events}/${lv.arms[0]!.events}`;
  const addLevel = (label: string, variable: string, lv: SubgroupLevel, pInt: string, first: boolean) => {
    const effects = lv.effects ?? [];
    if (effects.length === 0) {
      tableRows.push([first ? variable : '', label, lv.n, ...armCells(lv), ...(multi ? [''] : []), '', '', '', first ? pInt : '']);
      if (lv.error) footnotes.push(`${variable === '总体' ? '总体' : `“${variable}”为“${label}”`}：模型无法拟合（${lv.error}），未给出效应。`);
      lines.push({ label: variable === '总体' ? '总体' : label, bold: variable === '总体', n: String(lv.n), detail: detailOf(lv), estimate: null, lower: null, upper: null, effect: '—', pInteraction: first ? pInt : '', weight: lv.n });
      return;
    }
    effects.forEach((e, k) => {
      tableRows.push([first && k === 0 ? variable : '', k === 0 ? label : '', k === 0 ? lv.n : null, ...(k === 0 ? armCells(lv) : armCells(lv).map(() => null)), ...(multi ? [`${e.term} vs ${exLevels[0]}`] : []), num(e.estimate, 3), `${num(e.lower, 3)} ~ ${num(e.upper, 3)}`, formatP(e.pValue), first && k === 0 ? pInt : '']);
      lines.push({
        label: (variable === '总体' ? '总体' : label) + (multi ? `（${e.term}）` : ''),
        bold: variable === '总体',
        n: k === 0 ? String(lv.n) : '',
        detail: k === 0 ? detailOf(lv) : '',
        estimate: e.estimate,
        lower: e.lower,
        upper: e.upper,
        effect: effectText(e),
        pInteraction: first && k === 0 ? pInt : '',
        weight: lv.n,
      });
    });
    if (lv.dropped.length > 0 && variable !== '总体') footnotes.push(`“${variable}”为“${label}”时${quoted(lv.dropped)}在该亚组内取值恒定，未纳入调整。`);
  };
  addLevel('', '总体', res.overall, '', true);
  for (const sg of res.subgroups) {
    const pInt = sg.interaction ? formatP(sg.interaction.pValue) : '—';
    lines.push({ label: sg.name, bold: true, n: '', detail: '', estimate: null, lower: null, upper: null, effect: '', pInteraction: pInt, weight: 0 });
    sg.levels.forEach((lv, k) => addLevel(lv.level, sg.name, lv, pInt, k === 0));
    if (sg.interactionError) footnotes.push(`“${sg.name}”的交互作用检验无法计算（${sg.interactionError}），常见于某个亚组内只有一个暴露水平。`);
  }
  // Heading rows of the forest plot carry the interaction P; level rows do not repeat it.
  for (const l of lines) if (!l.bold) l.pInteraction = '';

  const covNames = [...xs, ...fs];
  const adjust = covNames.length > 0 ? `调整${quoted(covNames)}` : '未调整协变量';
  const intTest = model === 'linear' ? 'F 检验（R: anova(lm0, lm1)）' : `似然比检验（R: anova(${model === 'cox' ? 'cox0, cox1' : 'glm0, glm1, test = "LRT"'})）`;
  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本',
        ['纳入例数', ...(model === 'linear' ? [] : ['结局事件']), '因缺失排除', ...exLevels.map((l) => `${exName}：${l}`), '亚组变量数', '模型'],
        [[n, ...(events === null ? [] : [events]), excluded, ...res.overall.arms.map((a) => a.n), subgroups.length, MODEL_NAME[model]]],
        [
          ...(outcomeNote ? [outcomeNote] : []),
          `暴露变量“${exName}”以“${exRef}”为参照（${exHow}${givenRef ? '' : '；如需更改，请在“暴露的参照水平”中填写'}）。`,
          missingNote(excluded),
          ...(cuts.length > 0 ? [`${cuts.join('；')}。`] : []),
          ...(model === 'logistic' && params0 > 0 && Math.min(events!, n - events!) / params0 < 10 ? [`总体模型每个参数的事件数（EPV）为 ${num(Math.min(events!, n - events!) / params0, 1)}，少于 10，估计可能不稳定。`] : []),
        ],
      ),
    ],
  });
  const pNote = `${measure}${log ? ` 为 exp(β)，置信区间为 Wald 法 exp(β ± z·SE)` : "为回归系数，置信区间为 t 分布区间"}；各亚组${adjust}（与亚组变量相同的协变量在该亚组内不再调整）。交互 P 为在全部样本中比较“暴露 + 亚组变量 + 协变量 + 暴露 × 亚组变量”与不含交互项的模型的${intTest}。`;
  sections.push({
    title: '亚组分析',
    blocks: [
      forestPlot(lines, { title: `图1 ${exLevels.slice(1).join('、')} vs ${exLevels[0]}的${measure}：亚组分析森林图`, log, measure, pct, detailName }),
      table(
        `表2 各亚组中“${exName}”的${measure}（${MODEL_NAME[model]}，${adjust}）`,
        ['亚组变量', '水平', '例数', ...armCols, ...(multi ? ['比较'] : []), measure, `${pct}%CI`, 'P', '交互 P'],
        tableRows,
        [pNote, ...(model === 'linear' ? [] : ['事件/例数为各暴露组内发生结局的人数与总人数。']), ...footnotes],
      ),
    ],
  });

  // Results.
  const results: ToolOutput['results'] = { n, events, excluded, model, exposureReference: exRef, subgroups: subgroups.length, level };
  const put = (prefix: string, lv: SubgroupLevel) => {
    results[`n.${prefix}`] = lv.n;
    if (lv.events !== null) results[`events.${prefix}`] = lv.events;
    for (const e of lv.effects ?? []) {
      const k = multi ? `${prefix}.${e.term}` : prefix;
      results[`estimate.${k}`] = finiteOrNull(e.estimate);
      results[`lower.${k}`] = finiteOrNull(e.lower);
      results[`upper.${k}`] = finiteOrNull(e.upper);
      results[`p.${k}`] = finiteOrNull(e.pValue);
    }
  };
  put('总体', res.overall);
  for (const sg of res.subgroups) {
    for (const lv of sg.levels) put(`${sg.name}=${lv.level}`, lv);
    results[`pInteraction.${sg.name}`] = sg.interaction ? sg.interaction.pValue : null;
    results[`interactionStatistic.${sg.name}`] = sg.interaction ? sg.interaction.statistic : null;
    results[`interactionDf.${sg.name}`] = sg.interaction ? sg.interaction.df : null;
  }

  // Conclusion.
  const parts: string[] = [];
  const o = res.overall.effects!;
  const eff = (e: { estimate: number; lower: number; upper: number; pValue: number }) => `${measure} = ${num(e.estimate, 3)}，${pct}%CI ${num(e.lower, 3)} ~ ${num(e.upper, 3)}，${pSentence(e.pValue)}`;
  parts.push(
    `共纳入 ${n} 例${events === null ? '' : `（结局事件 ${events} 例）`}。${adjust}后，总体上${o.map((e) => `“${e.term}”与“${exRef}”相比 ${eff(e)}`).join('；')}。`,
  );
  const sigInt = res.subgroups.filter((s) => s.interaction && s.interaction.pValue < 0.05);
  const tested = res.subgroups.filter((s) => s.interaction);
  if (tested.length > 0) {
    parts.push(
      sigInt.length === 0
        ? `各亚组变量与“${exName}”的交互作用均无统计学意义（交互 P 均 ≥ 0.05：${tested.map((s) => `${s.name} P = ${formatP(s.interaction!.pValue)}`).join('，')}），提示${exName}的效应在各亚组间基本一致。`
        : `${sigInt.map((s) => `“${s.name}”与“${exName}”的交互作用有统计学意义（交互 ${pSentence(s.interaction!.pValue)}）`).join('；')}，提示${exName}的效应可能因这些因素而不同：${sigInt
            .map((s) => s.levels.filter((l) => l.effects && l.effects.length > 0).map((l) => `${s.name}“${l.level}”${measure} = ${num(l.effects![0]!.estimate, 3)}`).join('，'))
            .join('；')}。其余亚组变量的交互作用无统计学意义。`,
    );
  }
  const reversed = res.subgroups.flatMap((s) => s.levels.filter((l) => l.effects && l.effects.some((e, k) => (log ? Math.log(e.estimate) : e.estimate) * (log ? Math.log(o[k]!.estimate) : o[k]!.estimate) < 0)).map((l) => `${s.name}“${l.level}”`));
  if (reversed.length > 0) parts.push(`${reversed.join('、')}中的效应方向与总体相反，但应结合交互检验和置信区间判断，不宜单独解读。`);
  const caveats = [
    `共检验了 ${tested.length} 个交互作用，多重比较会增加假阳性：即使真实效应在各亚组相同，检验 ${tested.length} 次也可能仅凭机会出现交互 P < 0.05。若亚组非事先设定（post hoc），结果只能作为探索性发现。`,
    '判断效应是否因亚组而异应看交互 P，而不是比较各亚组自身的 P 值：一个亚组显著、另一个不显著并不说明两者不同，常常只是亚组样本量较小。',
  ];
  const smallLevels = res.subgroups.flatMap((s) => s.levels.filter((l) => l.n < 30 || (l.events !== null && l.events < 10)).map((l) => `${s.name}“${l.level}”`));
  if (smallLevels.length > 0) caveats.push(`${smallLevels.join('、')}的例数或事件数较少，其效应估计的置信区间较宽，不稳定。`);
  if (cuts.length > 0) caveats.push('按中位数切分定量变量会损失信息，切点由数据决定；如需研究连续变量对效应的修饰，可在模型中加入暴露与该连续变量的交互项或用样条。');
  if (model === 'cox') caveats.push('各亚组的 HR 假定比例风险成立；亚组内事件较少时比例风险假定难以检验。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  return { title: `亚组分析：${exName}对${outcomeCols.join('/')}的效应`, sections, results };
}
