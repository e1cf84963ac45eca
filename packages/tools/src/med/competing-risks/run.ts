// 竞争风险模型: cumulative incidence functions (CIF) of the event of interest and the competing
// events per group with Gray's variances, the CIF at chosen times with log(−log) CIs, Gray's test
// across groups, and the Fine–Gray subdistribution hazards model (cmprsk's cuminc, timepoints, crr).
// The outcome column holds a censoring value, the event of interest and one or more competing events.
import { cumulativeIncidence, cumulativeIncidenceAt, fineGray, kaplanMeier, normalQuantile, StatsError, type CumulativeIncidenceCurve, type FineGrayResult, type Predictor, maxOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { forestChart, PALETTE } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { forestRows, parseReferences, termRows } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, numericValues, parseTimes, rowList, timeTicks } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_GROUPS = 10;
const MAX_LEVELS = 15;
const MAX_CAUSES = 6;
const CENSOR_NAMES = ['删失', '截尾', '存活', '生存', '失访', '无事件', 'censored', 'censor', 'alive', '0'];
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);
const quoteList = (xs: readonly string[]) => xs.map((x) => `“${x}”`).join('、');

export interface CauseCoding {
  censor: string;
  event: string;
  /** Competing events in order of first appearance (numeric codes sorted); code k + 2 in the engine. */
  competing: string[];
  note: string;
}

/**
 * Which values of the outcome mean censoring, the event of interest and the competing events.
 * @throws ToolInputError naming the column when a value cannot be settled or a class is missing.
 */
export function causeCoding(values: readonly string[], column: string, censorGiven: string, eventGiven: string): CauseCoding {
  const seen = [...new Set(values)];
  const numeric = seen.every((v) => Number.isFinite(Number(v)));
  const levels = numeric ? [...seen].sort((a, b) => Number(a) - Number(b)) : seen;
  const shown = quoteList(levels.slice(0, 8));
  const find = (want: string) => levels.find((l) => l === want) ?? (numeric ? levels.find((l) => Number(l) === Number(want)) : undefined);
  let censor: string | undefined;
  let how: string;
  if (censorGiven.trim() !== '') {
    censor = find(censorGiven.trim());
    if (censor === undefined) throw new ToolInputError(`结局变量“${column}”中没有取值“${censorGiven.trim()}”（代表删失的取值），可选的取值为 ${shown}`);
    how = '按用户指定';
  } else {
    censor = CENSOR_NAMES.map((nm) => levels.find((l) => l.toLowerCase() === nm || (numeric && Number(l) === 0 && nm === '0'))).find((l) => l !== undefined);
    if (censor === undefined) throw new ToolInputError(`无法识别结局变量“${column}”中哪个取值代表删失（取值为 ${shown}），请在“代表删失的取值”中填写`);
    how = '自动识别';
  }
  let event: string | undefined;
  if (eventGiven.trim() !== '') {
    event = find(eventGiven.trim());
    if (event === undefined) throw new ToolInputError(`结局变量“${column}”中没有取值“${eventGiven.trim()}”（关注事件），可选的取值为 ${shown}`);
  } else if (numeric && find('1') !== undefined && find('1') !== censor) {
    event = find('1')!;
  } else {
    throw new ToolInputError(`请在“关注事件的取值”中填写结局变量“${column}”中代表关注事件的取值（可选 ${quoteList(levels.filter((l) => l !== censor).slice(0, 8))}）`);
  }
  if (event === censor) throw new ToolInputError(`关注事件与删失不能是同一个取值“${event}”`);
  const competing = levels.filter((l) => l !== censor && l !== event);
  if (competing.length === 0) {
    throw new ToolInputError(`结局变量“${column}”在分析的行中只有删失（“${censor}”）与关注事件（“${event}”）两类，没有竞争事件；请改用 Kaplan–Meier 生存分析或 Cox 回归`);
  }
  if (competing.length > MAX_CAUSES) throw new ToolInputError(`结局变量“${column}”有 ${competing.length} 种竞争事件，超过 ${MAX_CAUSES} 种；请先合并为较少的类别`);
  const note = `结局变量“${column}”以“${censor}”为删失（${how}${how === '按用户指定' ? '' : '；如需更改，请填写“代表删失的取值”'}）、“${event}”为关注事件，${quoteList(competing)}为竞争事件。`;
  return { censor, event, competing, note };
}

/** The CIF and its log(−log) CI, as users of cmprsk's timepoints compute it; null bounds where F is 0 or 1. */
export function cifInterval(estimate: number, variance: number, z: number): [number | null, number | null] {
  if (!(estimate > 0 && estimate < 1) || !(variance > 0)) return [null, null];
  const a = (z * Math.sqrt(variance)) / (estimate * Math.abs(Math.log(estimate)));
  return [estimate ** Math.exp(a), estimate ** Math.exp(-a)];
}

const MAX_CORNERS = 4000;
const gridded = (curve: CumulativeIncidenceCurve): number[][] => {
  const end = curve.time[curve.time.length - 1]!;
  const grid = Array.from({ length: MAX_CORNERS / 2 + 1 }, (_, i) => (end * i) / (MAX_CORNERS / 2));
  return cumulativeIncidenceAt(curve, grid).map((a) => [a.time, a.estimate ?? 0]);
};

/** Cumulative incidence curves as journals draw them: steps from (0, 0), the event of interest solid, competing events dashed. */
function cifChart(curves: ReadonlyArray<{ name: string; curve: CumulativeIncidenceCurve; color: string; dashed: 'solid' | 'dashed' | 'dotted' }>, o: { title: string; timeName: string; ticks: number[] }): ReportBlock {
  const top = maxOf(curves.map((c) => maxOf(c.curve.estimate)));
  const yMax = Math.min(1, Math.ceil((top + 0.02) * 10) / 10);
  const step = o.ticks.length > 1 ? o.ticks[1]! - o.ticks[0]! : 1;
  const axisLine = { lineStyle: { color: '#000' } };
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      legend: { data: curves.map((c) => c.name), top: 0 },
      grid: { left: 60, right: 30, top: curves.length > 4 ? 64 : 40, bottom: 50 },
      xAxis: { type: 'value', name: o.timeName, nameLocation: 'middle', nameGap: 28, min: 0, max: o.ticks[o.ticks.length - 1], interval: step, splitLine: { show: false }, axisLine },
      yAxis: { type: 'value', name: '累积发生率', min: 0, max: yMax, splitLine: { show: false }, axisLine: { ...axisLine, show: true } },
      // cuminc's corners already trace the steps (each jump time appears twice), so straight segments draw them.
      // Large files: a curve with more than MAX_CORNERS corners is drawn from its values on a fine grid of times.
      series: curves.map((c) => ({
        type: 'line',
        name: c.name,
        symbol: 'none',
        ...(c.curve.time.length > MAX_CORNERS ? { step: 'end' } : {}),
        data: c.curve.time.length > MAX_CORNERS ? gridded(c.curve) : c.curve.time.map((t, i) => [t, c.curve.estimate[i]!]),
        itemStyle: { color: c.color },
        lineStyle: { color: c.color, width: 2, type: c.dashed },
      })),
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const timeName = String(params.time ?? '');
  const statusName = String(params.status ?? '');
  if (!timeName || !statusName) throw new ToolInputError('请选择随访时间与结局变量');
  const groupName = String(params.group ?? '');
  const xs = list(params.x);
  const fs = list(params.factors);
  requireVariables(data, [timeName, statusName, ...(groupName ? [groupName] : []), ...xs, ...fs]);
  if (timeName === statusName) throw new ToolInputError(`随访时间与结局变量不能是同一列“${timeName}”`);
  for (const v of [groupName, ...xs, ...fs].filter((v) => v !== '')) {
    if (v === timeName || v === statusName) throw new ToolInputError(`变量“${v}”已用作随访时间或结局，不能再作为分组或协变量`);
  }
  const both = xs.filter((x) => fs.includes(x));
  if (both.length > 0) throw new ToolInputError(`变量“${both[0]}”同时被选为定量与分类协变量，请只保留一种`);
  if (groupName && xs.includes(groupName)) throw new ToolInputError(`分组变量“${groupName}”不能同时作为定量协变量；如需调整，请把它选为分类协变量`);
  const level = levelOf(params);
  const pct = Math.round(level * 1000) / 10;
  const z = normalQuantile(1 - (1 - level) / 2);

  // Listwise deletion over every column used.
  const timeAll = numericValues(data, timeName);
  const statusAll = data.text(statusName);
  const numericCols = new Map(xs.map((x) => [x, numericValues(data, x)]));
  const textNames = [...new Set([...(groupName ? [groupName] : []), ...fs])];
  const textCols = new Map(textNames.map((c) => [c, data.text(c)]));
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    const s = statusAll[i];
    if (timeAll[i] === null || s === null || s === undefined || s.trim() === '') continue;
    if ([...numericCols.values()].some((c) => c[i] === null)) continue;
    if ([...textCols.values()].some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    rows.push(i);
  }
  if (rows.length === 0) throw new ToolInputError('去除缺失值后没有可分析的行，请检查所选变量');
  const negative = rows.filter((i) => timeAll[i]! < 0);
  if (negative.length > 0) throw new ToolInputError(`随访时间“${timeName}”不能为负数，但${rowList(negative)}为负值，请核对`);
  const excluded = data.rows - rows.length;
  const time = rows.map((i) => timeAll[i]!);
  const statusText = rows.map((i) => statusAll[i]!.trim());
  const coding = causeCoding(statusText, statusName, String(params.censor ?? ''), String(params.event ?? ''));
  const causeLabel = (k: number) => (k === 1 ? coding.event : coding.competing[k - 2]!);
  const cause = statusText.map((s) => (s === coding.censor ? 0 : s === coding.event ? 1 : coding.competing.indexOf(s) + 2));
  const n = rows.length;
  const events = cause.filter((c) => c === 1).length;
  const competingCount = cause.filter((c) => c >= 2).length;
  const censored = n - events - competingCount;
  if (events === 0) throw new ToolInputError(`结局变量“${statusName}”在分析的行中没有关注事件（“${coding.event}”），无法分析`);
  const textOf = (c: string) => rows.map((i) => textCols.get(c)![i]!.trim());

  // Groups.
  const group = groupName ? textOf(groupName) : null;
  const groups = group ? levelOrder(group, groupName) : ['全部'];
  if (group && groups.length < 2) throw new ToolInputError(`分组变量“${groupName}”在分析的行中只有一个类别（“${groups[0]}”），无法比较；请不选分组变量，或选择其他变量`);
  if (groups.length > MAX_GROUPS) throw new ToolInputError(`分组变量“${groupName}”有 ${groups.length} 个类别，超过 ${MAX_GROUPS} 个；请合并类别`);

  const maxTime = maxOf(time);
  let times = parseTimes(params.times, '报告累积发生率的时间点');
  if (times.length === 0) {
    const inside = timeTicks(maxTime, 4).filter((t) => t > 0 && t < maxTime);
    times = inside.length > 3 ? inside.slice(0, 3) : inside.length > 0 ? inside : [maxTime];
  }

  let ci;
  try {
    ci = cumulativeIncidence(time, cause, group ? { group, groupLevels: groups } : {});
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
  const curveOf = (g: string, k: number) => ci.curves.find((c) => c.group === (group ? g : '1') && c.cause === k)!;
  const causes = ci.causes;

  const sections: ToolOutput['sections'] = [];
  const results: ToolOutput['results'] = {
    n,
    excluded,
    events,
    competing: competingCount,
    censored,
    eventValue: coding.event,
    censorValue: coding.censor,
    competingValues: coding.competing.join('、'),
    group: groupName || null,
  };

  // Table 1: the sample.
  const countRows = groups.map((g) => {
    const idx = group ? group.map((v, i) => (v === g ? i : -1)).filter((i) => i >= 0) : cause.map((_, i) => i);
    const cnt = (k: number) => idx.filter((i) => cause[i] === k).length;
    return [g, idx.length, cnt(1), ...coding.competing.map((_, j) => cnt(j + 2)), cnt(0)];
  });
  if (group) countRows.push(['合计', n, events, ...coding.competing.map((_, j) => cause.filter((c) => c === j + 2).length), censored]);
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 研究对象的结局构成',
        [group ? groupName : '样本', '例数', `关注事件（${coding.event}）`, ...coding.competing.map((c) => `竞争事件（${c}）`), `删失（${coding.censor}）`],
        countRows,
        [coding.note, missingNote(excluded)],
      ),
    ],
  });

  // Figure 1 and table 2: the CIFs.
  const styles = ['solid', 'dashed', 'dotted'] as const;
  const plotted = causes.flatMap((k) =>
    groups.map((g, gi) => ({
      name: group ? `${g}：${causeLabel(k)}` : causeLabel(k),
      curve: curveOf(g, k),
      color: PALETTE[(group ? gi : k - 1) % PALETTE.length]!,
      dashed: group ? styles[Math.min(k - 1, 2)]! : 'solid',
    })),
  );
  const ticks = timeTicks(maxTime);
  const cifRows: Array<Array<string | number | null>> = [];
  const beyond: string[] = [];
  for (const k of causes) {
    for (const g of groups) {
      const curve = curveOf(g, k);
      cumulativeIncidenceAt(curve, times).forEach((a, j) => {
        const first = j === 0;
        const head = [first ? causeLabel(k) : '', first ? (group ? g : '全部') : '', a.time];
        if (a.estimate === null) {
          beyond.push(`${group ? `“${g}”组` : ''}${a.time}`);
          cifRows.push([...head, null, null, '—']);
          return;
        }
        const [lo, hi] = cifInterval(a.estimate, a.variance!, z);
        cifRows.push([...head, num(a.estimate, 4), num(Math.sqrt(a.variance!), 4), lo === null || hi === null ? '—' : `${num(lo, 4)} ~ ${num(hi, 4)}`]);
        const key = `${k === 1 ? 'cif' : `cifCompeting.${causeLabel(k)}`}.${group ? `${g}.` : ''}${a.time}`;
        results[key] = a.estimate;
        if (k === 1) {
          results[`cifLower.${group ? `${g}.` : ''}${a.time}`] = lo;
          results[`cifUpper.${group ? `${g}.` : ''}${a.time}`] = hi;
        }
      });
    }
  }
  sections.push({
    title: '累积发生率',
    blocks: [
      cifChart(plotted, { title: `图1 ${group ? `各组` : ''}关注事件与竞争事件的累积发生率曲线`, timeName, ticks }),
      table(`表2 各时间点的累积发生率（${pct}%CI）`, ['结局', group ? groupName : '样本', `时间（${timeName}）`, '累积发生率', '标准误', `${pct}%CI`], cifRows, [
        '累积发生率为考虑竞争事件后的累积发生概率（R: cmprsk::cuminc，timepoints 取各时间点的值）；标准误为 Gray 方差的平方根。',
        `置信区间按 log(−log) 变换计算：F^exp(±z·SE / (F·|ln F|))，z = ${num(z, 3)}；累积发生率为 0 时不给出区间。`,
        ...(beyond.length > 0 ? [`${beyond.slice(0, 5).join('、')} 等时间点超过${group ? '该组' : ''}最长随访时间，不作估计（—）。`] : []),
      ]),
    ],
  });

  // 1 − KM that treats competing events as censored, for the caveat: it overstates the risk.
  const lastTime = times[times.length - 1]!;
  const overall = group ? cumulativeIncidence(time, cause) : ci;
  const overallAt = cumulativeIncidenceAt(overall.curves.find((c) => c.cause === 1)!, [lastTime])[0]!;
  const km = kaplanMeier(time, cause.map((c) => (c === 1 ? 1 : 0)), { times: [lastTime] });
  const naive = km.at[0] ? 1 - km.at[0].survival : null;
  if (overallAt.estimate !== null && naive !== null) {
    results.cifOverallLast = overallAt.estimate;
    results.naiveKmLast = naive;
    results.lastTime = lastTime;
  }

  // Gray's test.
  const parts: string[] = [];
  const caveats: string[] = [];
  const totalWord = `共纳入 ${n} 例，随访期间发生关注事件（${coding.event}）${events} 例、竞争事件（${quoteList(coding.competing)}）${competingCount} 例，删失 ${censored} 例。`;
  parts.push(totalWord);
  const atLast = (g: string) => cumulativeIncidenceAt(curveOf(g, 1), [lastTime])[0]!;
  const cifWords = groups
    .map((g) => {
      const a = atLast(g);
      if (a.estimate === null) return null;
      const [lo, hi] = cifInterval(a.estimate, a.variance!, z);
      return `${group ? `“${g}”组` : ''}${num(a.estimate * 100, 1)}%${lo !== null && hi !== null ? `（${pct}%CI ${num(lo * 100, 1)}% ~ ${num(hi * 100, 1)}%）` : ''}`;
    })
    .filter((s): s is string => s !== null);
  if (cifWords.length > 0) parts.push(`${timeName} = ${lastTime} 时，${coding.event}的累积发生率${group ? '：' : '为 '}${cifWords.join('，')}。`);
  if (ci.tests) {
    const grayRows = ci.tests.map((t) => [causeLabel(t.cause), num(t.statistic, 3), t.df, formatP(t.pValue)]);
    sections.push({
      title: 'Gray 检验',
      blocks: [
        table(`表3 各组累积发生率比较的 Gray 检验`, ['结局', 'χ²', 'df', 'P'], grayRows, [
          `比较“${groupName}”各组的累积发生率曲线（ρ = 0；R: cmprsk::cuminc()$Tests）。Gray 检验的是亚分布风险，与 Log-rank 检验的原因别风险不同。`,
        ]),
      ],
    });
    const main = ci.tests.find((t) => t.cause === 1)!;
    results.statistic = main.statistic;
    results.df = main.df;
    results.p = main.pValue;
    for (const t of ci.tests.filter((t) => t.cause !== 1)) results[`grayP.${causeLabel(t.cause)}`] = t.pValue;
    parts.push(
      `Gray 检验显示，各组${coding.event}的累积发生率${main.pValue < 1 - level ? '差异有统计学意义' : '差异无统计学意义'}（χ² = ${num(main.statistic, 3)}，df = ${main.df}，${pSentence(main.pValue)}）` +
        ci.tests
          .filter((t) => t.cause !== 1)
          .map((t) => `；竞争事件“${causeLabel(t.cause)}”的累积发生率${t.pValue < 1 - level ? '差异有统计学意义' : '差异无统计学意义'}（${pSentence(t.pValue)}）`)
          .join('') +
        '。',
    );
  }

  // Fine–Gray model.
  if (xs.length + fs.length > 0) {
    for (const x of xs) {
      const v = rows.map((i) => numericCols.get(x)![i]!);
      if (v.every((u) => u === v[0])) throw new ToolInputError(`定量协变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），无法估计其效应，请删除该变量`);
    }
    const refs = parseReferences(params.reference, fs);
    const levels = new Map(fs.map((f) => [f, levelOrder(textOf(f), f, refs.get(f) ?? [])]));
    for (const f of fs) {
      const lv = levels.get(f)!;
      if (lv.length < 2) throw new ToolInputError(`分类协变量“${f}”在分析的行中只有一个类别（“${lv[0]}”），无法纳入模型，请删除该变量`);
      if (lv.length > MAX_LEVELS) throw new ToolInputError(`分类协变量“${f}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个；请合并类别，或把它作为定量变量`);
      const vals = textOf(f);
      for (const l of lv) {
        const m = vals.filter((v, i) => v === l && cause[i] === 1).length;
        if (m === 0) throw new ToolInputError(`分类协变量“${f}”的类别“${l}”中没有发生关注事件（${coding.event}），其 SHR 趋于 0、模型无法收敛；请将该类别与相邻类别合并，或删除这些行`);
      }
    }
    const names = [...xs, ...fs];
    const p = names.reduce((s, v) => s + (xs.includes(v) ? 1 : levels.get(v)!.length - 1), 0);
    if (events <= p) throw new ToolInputError(`关注事件数（${events}）太少：Fine–Gray 模型有 ${p} 个参数，事件数须多于参数个数（一般建议每个参数至少 10 个事件）。请减少协变量或合并类别`);
    const predictors: Predictor[] = names.map((nm) =>
      xs.includes(nm) ? { name: nm, type: 'numeric', values: rows.map((i) => numericCols.get(nm)![i]!) } : { name: nm, type: 'categorical', values: textOf(nm), reference: levels.get(nm)![0] },
    );
    let fit: FineGrayResult;
    try {
      fit = fineGray({ time, cause, predictors, failCode: 1, level });
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`Fine–Gray 模型：${err.message}`);
      throw err;
    }
    const coef = new Map(fit.coefficients.map((c) => [c.term, c]));
    const tRows = termRows(names, levels);
    const fgRows = tRows.map((r, i, all) => {
      const first = i === 0 || all[i - 1]!.variable !== r.variable;
      const head = [first ? r.variable : '', r.level ?? ''];
      if (r.reference) return [...head, '', '', '', '', '1（参照）', ''];
      const c = coef.get(r.column!)!;
      return [...head, num(c.estimate, 4), num(c.se, 4), num(c.statistic, 3), formatP(c.pValue), num(c.hazardRatio, 3), `${num(c.hazardRatioCi[0], 3)} ~ ${num(c.hazardRatioCi[1], 3)}`];
    });
    const lr = fit.likelihoodRatio;
    sections.push({
      title: 'Fine–Gray 部分分布风险模型',
      blocks: [
        table(`表${ci.tests ? 4 : 3} Fine–Gray 模型：${coding.event}的亚分布风险比（SHR）`, ['变量', '类别', 'B', 'SE', 'Z', 'P', 'SHR', `${pct}%CI`], fgRows, [
          `关注事件为“${coding.event}”，${quoteList(coding.competing)}为竞争事件（R: cmprsk::crr(failcode = 1, cencode = 0)）；删失按删失分布的 Kaplan–Meier 估计做逆概率加权，SE 为稳健（三明治）标准误，P 为 Z 检验。`,
          `SHR = exp(B)，为其他变量不变时该变量每增加 1 个单位（或相对于参照类别）关注事件的亚分布风险之比。伪似然比检验 χ² = ${num(lr.statistic, 3)}，df = ${lr.df}，P ${formatP(lr.pValue).startsWith('<') ? '< 0.001' : `= ${formatP(lr.pValue)}`}。`,
          ...(fit.converged ? [] : ['注意：Newton–Raphson 迭代未在 10 步内达到收敛标准（与 R crr 相同），结果仅供参考。']),
        ]),
        forestChart(
          forestRows(tRows, (column) => ({ ratio: coef.get(column)!.hazardRatio, ci: coef.get(column)!.hazardRatioCi })),
          { title: `图2 Fine–Gray 模型的亚分布风险比（森林图）`, xName: `SHR（${pct}%CI，对数刻度）` },
        ),
      ],
    });
    Object.assign(results, { lrStatistic: lr.statistic, lrDf: lr.df, lrP: lr.pValue, converged: fit.converged ? 1 : 0, parameters: p, logLik: fit.logLik, logLikNull: fit.logLikNull });
    for (const c of fit.coefficients) {
      Object.assign(results, {
        [`estimate.${c.term}`]: c.estimate,
        [`se.${c.term}`]: c.se,
        [`shr.${c.term}`]: c.hazardRatio,
        [`shrLower.${c.term}`]: finiteOrNull(c.hazardRatioCi[0]),
        [`shrUpper.${c.term}`]: finiteOrNull(c.hazardRatioCi[1]),
        [`p.${c.term}`]: c.pValue,
      });
    }
    const sig = tRows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < 1 - level);
    const describe = (r: (typeof tRows)[number]) => {
      const c = coef.get(r.column!)!;
      const what = r.level === null ? `“${r.variable}”每增加 1 个单位` : `“${r.variable}”为“${r.level}”者（相对于“${levels.get(r.variable)![0]}”）`;
      return `${what}${coding.event}的亚分布风险${c.hazardRatio > 1 ? '升高' : '降低'}（SHR = ${num(c.hazardRatio, 3)}，${pct}%CI ${num(c.hazardRatioCi[0], 3)} ~ ${num(c.hazardRatioCi[1], 3)}，${pSentence(c.pValue)}）`;
    };
    parts.push(
      `Fine–Gray 模型纳入 ${quoteList(names)}，${sig.length > 0 ? `考虑竞争风险并调整其他变量后，${sig.map(describe).join('；')}` : '考虑竞争风险并调整其他变量后，各变量的效应均无统计学意义'}。`,
    );
    const epv = events / p;
    if (epv < 10) caveats.push(`每个参数的关注事件数（EPV = ${num(epv, 1)}）少于 10，SHR 估计可能不稳定；宜减少协变量或合并类别。`);
    caveats.push('SHR 描述的是协变量与关注事件累积发生率（亚分布风险）的关联，不是原因别风险比（cause-specific HR）：某因素也可能因减少竞争事件而“提高”关注事件的累积发生率。探讨病因时宜同时报告原因别 Cox 模型。');
  }

  if (results.naiveKmLast !== undefined && typeof results.naiveKmLast === 'number' && typeof results.cifOverallLast === 'number') {
    const gap = results.naiveKmLast - results.cifOverallLast;
    caveats.push(
      `把竞争事件当作删失的 1 − KM 估计会高估关注事件的发生概率：本例${timeName} = ${lastTime} 时 1 − KM 为 ${num(results.naiveKmLast * 100, 1)}%，而累积发生率为 ${num(results.cifOverallLast * 100, 1)}%${gap > 0 ? `（高估 ${num(gap * 100, 1)} 个百分点）` : ''}。`,
    );
  }
  if (events < 10 * Math.max(1, groups.length)) caveats.push('关注事件数较少，累积发生率及其比较的精度有限。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return { title: `竞争风险分析：${timeName}，${statusName}`, sections, results };
}
