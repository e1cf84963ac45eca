// 森林图: estimates with their confidence intervals as squares and whiskers, names on the left and
// the numbers on the right, the no-effect line at 1 (log scale) or 0 (linear). Where the file has
// no P, it is derived from the interval (Wald: SE = width / (2 × 1.96) on the analysis scale).
import { normalQuantile, normalSf, maxOf, minOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

interface Row {
  label: string;
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  weight: number | null;
  /** P as given in the file, or derived from the CI; null when the row cannot be drawn. */
  p: number | null;
  pDerived: boolean;
  se: number | null;
  /** Why the row is not drawn, for its footnote. */
  problem: string | null;
}

const Z975 = normalQuantile(0.975);
const r6 = (v: number) => Number(v.toPrecision(6));

/** The rows of the file in order, each checked; a bad row is kept with its reason, never fatal. */
function readRows(data: DataTable, params: Params, log: boolean): Row[] {
  const labels = data.text(String(params.label));
  const est = data.numeric(String(params.estimate));
  const lo = data.numeric(String(params.lower));
  const hi = data.numeric(String(params.upper));
  const w = params.weight ? data.numeric(String(params.weight)) : null;
  const pv = params.p ? data.numeric(String(params.p)) : null;
  const rows: Row[] = [];
  for (let i = 0; i < data.rows; i++) {
    const label = (labels[i] ?? '').trim();
    if (label === '') continue;
    const e = est[i] ?? null;
    const l = lo[i] ?? null;
    const u = hi[i] ?? null;
    const row: Row = { label, estimate: e, lower: l, upper: u, weight: w?.[i] ?? null, p: null, pDerived: false, se: null, problem: null };
    if (e === null || l === null || u === null) row.problem = '缺少估计值或置信区间';
    else if (l > e || e > u) row.problem = '估计值不在置信区间内（或下限大于上限）';
    else if (log && l <= 0) row.problem = '对数刻度下估计值与置信区间必须大于 0';
    if (row.problem === null) {
      const t = (x: number) => (log ? Math.log(x) : x);
      row.se = (t(u!) - t(l!)) / (2 * Z975);
      const given = pv?.[i] ?? null;
      if (given !== null && given >= 0 && given <= 1) row.p = given;
      else if (row.se > 0) {
        row.p = 2 * normalSf(Math.abs(t(e!)) / row.se);
        row.pDerived = true;
      }
    }
    if (row.weight !== null && !(row.weight >= 0)) row.weight = null;
    rows.push(row);
  }
  return rows;
}

/** Round axis ends around the data and the reference: powers of 2 or 10 on a log axis. */
function logRange(values: number[]): { min: number; max: number; base: number } {
  const lo = Math.min(1, minOf(values));
  const hi = Math.max(1, maxOf(values));
  const base = hi / lo <= 64 ? 2 : 10;
  return { base, min: base ** Math.floor(Math.log(lo) / Math.log(base) + 1e-9), max: base ** Math.ceil(Math.log(hi) / Math.log(base) - 1e-9) };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const names = ['label', 'estimate', 'lower', 'upper'].map((k) => String(params[k] ?? ''));
  if (names.some((n) => n === '')) throw new ToolInputError('请选择名称、估计值、置信区间下限和上限四列');
  const optional = ['weight', 'p'].map((k) => String(params[k] ?? '')).filter((n) => n !== '');
  requireVariables(data, [...names, ...optional]);
  if (new Set(names.slice(1)).size < 3) throw new ToolInputError('估计值、置信区间下限和上限应是三个不同的列');
  const log = params.scale !== 'linear';
  const measure = String(params.measure ?? '').trim() || (log ? 'HR' : '估计值');
  const rows = readRows(data, params, log);
  if (rows.length === 0) throw new ToolInputError(`名称列“${names[0]}”没有内容`);
  if (rows.length > 60) throw new ToolInputError(`共有 ${rows.length} 行，森林图最多 60 行；请先筛选要展示的亚组`);
  const drawn = rows.filter((r) => r.problem === null);
  if (drawn.length === 0) throw new ToolInputError(`没有可绘制的行：${rows[0]!.problem}。请检查所选的估计值与置信区间列`);

  const totalWeight = drawn.reduce((a, r) => a + (r.weight ?? 0), 0);
  const share = (r: Row) => (totalWeight > 0 && r.weight !== null ? r.weight / totalWeight : null);
  const d = log ? 2 : 3;
  const ciOf = (r: Row) => (r.problem ? '' : `${r.lower!.toFixed(d)}~${r.upper!.toFixed(d)}`);
  const rightText = (r: Row) => (r.problem ? '—' : `${r.estimate!.toFixed(d)} (${ciOf(r)})`);

  // Squares: area proportional to the weight (a plain size without weights).
  const maxShare = Math.max(0, maxOf(drawn.map((r) => share(r) ?? 0)));
  const size = (r: Row) => (maxShare > 0 && share(r) !== null ? Math.round(6 + 12 * Math.sqrt(share(r)! / maxShare)) : 9);
  const range = log ? logRange(drawn.flatMap((r) => [r.lower!, r.upper!])) : null;
  const reference = log ? 1 : 0;
  const n = rows.length;
  const hiddenCategory = { type: 'category', inverse: true, axisTick: { show: false }, axisLine: { show: false }, splitLine: { show: false } };
  const chart = {
    type: 'chart' as const,
    title: `图1 ${measure}及其 95% 置信区间的森林图`,
    option: {
      tooltip: { trigger: 'item' },
      // Rows are named on the axes: an empty legend keeps the figure options from adding one over the first row.
      legend: { data: [] },
      // Rows share the figure's height: the figure options fit the row labels and squares to the final size.
      rowLayout: { rows: n },
      grid: { left: 20, right: 20, top: 20, bottom: 50, containLabel: true },
      xAxis: log
        ? { type: 'log', logBase: range!.base, min: range!.min, max: range!.max, name: `${measure}（95%CI，对数刻度）`, nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { onZero: false } }
        : { type: 'value', scale: true, name: `${measure}（95%CI）`, nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { onZero: false } },
      yAxis: [
        { ...hiddenCategory, data: rows.map((r) => r.label) },
        { ...hiddenCategory, position: 'right', data: rows.map(rightText) },
        { type: 'value', min: -0.5, max: n - 0.5, inverse: true, show: false },
      ],
      series: [
        {
          type: 'lines',
          name: '95%CI',
          coordinateSystem: 'cartesian2d',
          yAxisIndex: 2,
          silent: true,
          lineStyle: { color: '#303133', width: 1.5, opacity: 1 },
          data: rows.flatMap((r, i) => (r.problem ? [] : [{ coords: [[r6(r.lower!), i], [r6(r.upper!), i]] }])),
        },
        {
          type: 'scatter',
          name: measure,
          yAxisIndex: 2,
          symbol: 'rect',
          data: rows.flatMap((r, i) => (r.problem ? [] : [{ value: [r6(r.estimate!), i], symbolSize: size(r), name: r.label }])),
          markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: '#909399', type: 'dashed' }, data: [{ xAxis: reference }] },
        },
      ],
    },
  };

  const weightCol = params.weight ? [`权重（%）`] : [];
  const tableRows = rows.map((r) => [
    r.label,
    num(r.estimate, d),
    ciOf(r) || '—',
    ...(params.weight ? [share(r) === null ? null : num(share(r)! * 100, 1)] : []),
    r.p === null ? '—' : formatP(r.p),
    r.problem ? '未绘制' : r.pDerived ? '由置信区间推算' : '数据提供',
  ]);
  const notes = [
    `${log ? '对数刻度，虚线为无效应线（1）' : '线性刻度，虚线为无效应线（0）'}；方块为估计值${params.weight ? '，面积与权重成正比' : ''}，横线为 95% 置信区间。`,
    `由置信区间推算 P 值：SE =（${log ? 'ln 上限 − ln 下限' : '上限 − 下限'}）/（2 × 1.96），z = ${log ? `ln ${measure}` : measure}/SE，双侧 P（假定区间为对称的 95% Wald 区间）。`,
    ...rows.filter((r) => r.problem).map((r) => `“${r.label}”：${r.problem}，未绘制。`),
  ];
  const results: ToolOutput['results'] = { rows: rows.length, drawn: drawn.length, excluded: rows.length - drawn.length, reference };
  const seen = new Set<string>();
  for (const r of drawn) {
    let k = r.label;
    for (let j = 2; seen.has(k); j++) k = `${r.label}#${j}`;
    seen.add(k);
    results[`estimate.${k}`] = r.estimate!;
    results[`lower.${k}`] = r.lower!;
    results[`upper.${k}`] = r.upper!;
    results[`se.${k}`] = r.se!;
    if (r.p !== null) results[`p.${k}`] = r.p;
  }
  const favourable = drawn.filter((r) => (log ? r.upper! < 1 : r.upper! < 0)).length;
  const unfavourable = drawn.filter((r) => (log ? r.lower! > 1 : r.lower! > 0)).length;
  results.belowReference = favourable;
  results.aboveReference = unfavourable;
  return {
    title: `森林图：${measure}`,
    sections: [
      { title: '图形', blocks: [chart] },
      { title: '森林图数据', blocks: [table(`表1 各行的${measure}及 95% 置信区间`, ['名称', measure, '95%CI', ...weightCol, 'P', 'P 值来源'], tableRows, notes)] },
      {
        title: '说明',
        blocks: [
          text(
            `共 ${rows.length} 行，绘制 ${drawn.length} 行。置信区间整体位于${reference}以下的有 ${favourable} 行，整体位于${reference}以上的有 ${unfavourable} 行，其余 ${drawn.length - favourable - unfavourable} 行的置信区间跨过${reference}。` +
              '亚组间效应是否不同应看交互作用检验，而不是比较各亚组自己的 P 值。',
          ),
        ],
      },
    ],
    results,
  };
}
