// 直方图: bins as R's hist() (Sturges or FD through pretty(), or k equal cells), one outline per
// group on shared breaks, and a kernel density (bw.nrd0) or normal curve scaled to counts.
import { normalPdf, quantile } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { groupsOf } from '../../groups.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { binCounts, bwNrd0, kde, linspace, pretty, r6, sd } from '../shared/kde.js';

/** The breaks hist() would use: pretty() over the range with Sturges or FD's cell count, or k equal cells. */
export function histBreaks(x: readonly number[], method: string, k: number): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of x) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (method === 'count') {
    if (lo === hi) return [lo - 0.5, hi + 0.5];
    return linspace(lo, hi, k + 1);
  }
  let cells: number;
  if (method === 'fd') {
    const [q1, q3] = quantile(x, [0.25, 0.75]) as [number, number];
    let h = 2 * (q3 - q1);
    if (h === 0) {
      // nclass.FD's fallback: the IQR of ever wider central ranges, then 1 cell.
      for (let al = 1 / 8; h === 0 && al >= 1 / 512; al /= 2) {
        const [a, b] = quantile(x, [al, 1 - al]) as [number, number];
        h = (b - a) / (1 - 2 * al);
      }
    }
    cells = h > 0 ? Math.max(1, Math.ceil((hi - lo) / (h * x.length ** (-1 / 3)))) : 1;
  } else cells = Math.ceil(Math.log2(x.length) + 1);
  return pretty(lo, hi, cells, 1); // hist(): min.n = 1
}

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const gName = String(params.group ?? '');
  if (!xName) throw new ToolInputError('请选择要绘制直方图的定量变量');
  if (xName === gName) throw new ToolInputError('定量变量与分组变量不能是同一个变量');
  requireVariables(data, gName ? [xName, gName] : [xName]);
  const method = ['fd', 'count'].includes(String(params.bins)) ? String(params.bins) : 'sturges';
  const k = typeof params.binCount === 'number' ? Math.round(params.binCount) : 10;
  if (method === 'count' && !(k >= 2 && k <= 100)) throw new ToolInputError('指定组数须在 2~100 之间');
  const overlay = ['normal', 'none'].includes(String(params.overlay)) ? String(params.overlay) : 'density';
  const groups = gName
    ? groupsOf(data, xName, gName, { min: 1, max: 8 })
    : [{ name: xName, values: data.numeric(xName).filter((v): v is number => v !== null && Number.isFinite(v)) }];
  const all = groups.flatMap((g) => g.values);
  if (all.length < 2) throw new ToolInputError(`变量“${xName}”的有效数值少于 2 个，无法绘制直方图`);
  const breaks = histBreaks(all, method, k);
  const width = breaks[1]! - breaks[0]!;
  const counts = groups.map((g) => binCounts(g.values, breaks));
  const grid = linspace(breaks[0]!, breaks[breaks.length - 1]!, 161);
  const stats = groups.map((g) => {
    const n = g.values.length;
    const mean = g.values.reduce((a, b) => a + b, 0) / n;
    return { n, mean, sd: n > 1 ? sd(g.values) : NaN, median: quantile(g.values, 0.5)[0]!, bw: n > 1 && overlay === 'density' ? bwNrd0(g.values) : NaN };
  });

  const series: Array<Record<string, unknown>> = [];
  groups.forEach((g, i) => {
    // Each cell drawn as its own rectangle, outline and fill, by walking down to 0 at every break.
    const outline: number[][] = [[breaks[0]!, 0]];
    counts[i]!.forEach((c, j) => outline.push([breaks[j]!, c], [breaks[j + 1]!, c], [breaks[j + 1]!, 0]));
    series.push({ type: 'line', name: g.name, symbol: 'none', silent: true, data: outline.map(([x, y]) => [r6(x!), y]), lineStyle: { width: 1 }, areaStyle: { opacity: groups.length > 1 ? 0.35 : 0.55 } });
  });
  groups.forEach((g, i) => {
    const s = stats[i]!;
    if (overlay === 'none' || s.n < 2 || !(s.sd > 0)) return;
    const f = overlay === 'density' ? kde(g.values, s.bw, grid) : grid.map((x) => normalPdf(x, s.mean, s.sd));
    series.push({ type: 'line', name: g.name, symbol: 'none', smooth: false, lineStyle: { width: 2 }, data: grid.map((x, j) => [r6(x), r6(f[j]! * s.n * width)]) });
  });
  const curveName = overlay === 'density' ? '核密度曲线（带宽按 R 的 bw.nrd0）' : overlay === 'normal' ? '正态分布曲线（按各组均数与标准差）' : '';
  const methodName = method === 'fd' ? 'Freedman–Diaconis 法则' : method === 'count' ? `指定 ${k} 组等宽` : 'Sturges 法则';
  const option = {
    tooltip: { trigger: 'axis' },
    ...(groups.length > 1 ? { legend: { data: groups.map((g) => g.name), top: 0 } } : {}),
    grid: { left: 60, right: 30, top: groups.length > 1 ? 40 : 24, bottom: 50 },
    xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 28, min: breaks[0], max: breaks[breaks.length - 1], splitLine: { show: false } },
    yAxis: { type: 'value', name: '频数', nameLocation: 'middle', nameGap: 40, min: 0, splitLine: { show: false } },
    series,
  };

  const cellRows = breaks.slice(1).map((b, j) => [
    `${j === 0 ? '[' : '('}${r6(breaks[j]!)}, ${r6(b)}]`,
    ...groups.flatMap((_, i) => [counts[i]![j]!, num((100 * counts[i]![j]!) / stats[i]!.n, 1)]),
  ]);
  const results: ToolOutput['results'] = { n: all.length, bins: breaks.length - 1, binWidth: width, firstBreak: breaks[0]!, lastBreak: breaks[breaks.length - 1]! };
  groups.forEach((g, i) => {
    const s = stats[i]!;
    const key = groups.length > 1 ? `.${g.name}` : '';
    results[`n${key}`] = s.n;
    results[`mean${key}`] = s.mean;
    if (Number.isFinite(s.sd)) results[`sd${key}`] = s.sd;
    results[`median${key}`] = s.median;
    if (Number.isFinite(s.bw)) results[`bandwidth${key}`] = s.bw;
  });
  const missing = data.rows - all.length;
  return {
    title: `直方图：${xName}${gName ? ` ~ ${gName}` : ''}`,
    sections: [
      { title: '图形', blocks: [{ type: 'chart', title: `图1 ${xName}的频数分布直方图${gName ? `（按${gName}）` : ''}`, option }] },
      {
        title: '频数分布',
        blocks: [
          table(
            '表1 频数分布表',
            ['组段', ...groups.flatMap((g) => (groups.length > 1 ? [`${g.name} 频数`, `${g.name} 频率(%)`] : ['频数', '频率(%)']))],
            cellRows,
            [`组段按${methodName}确定（同 R 的 hist()），组距 ${r6(width)}，共 ${breaks.length - 1} 组；组段为左开右闭，第一组两端闭合。`],
          ),
          table(
            '表2 描述统计',
            ['组别', 'n', '均数', '标准差', '中位数', ...(overlay === 'density' ? ['核密度带宽'] : [])],
            groups.map((g, i) => [g.name, stats[i]!.n, num(stats[i]!.mean, 3), num(stats[i]!.sd, 3), num(stats[i]!.median, 3), ...(overlay === 'density' ? [num(stats[i]!.bw, 4)] : [])]),
            missing > 0 ? [`${missing} 行因${xName}${gName ? `或${gName}` : ''}缺失未纳入。`] : [],
          ),
        ],
      },
      {
        title: '说明',
        blocks: [text(`直方图的每个矩形表示落入该组段的观测数。${curveName ? `叠加的曲线为${curveName}，已换算为频数尺度（密度 × 例数 × 组距）。` : ''}${groups.length > 1 ? '各组使用相同组段，半透明叠加显示。' : ''}`)],
      },
    ],
    results,
  };
}
