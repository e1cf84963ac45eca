// 相关热图: the Pearson or Spearman matrix (pairwise-complete, p from cor.test) as a heatmap with
// P stars, variables optionally ordered by hierarchical clustering on 1 − r (as corrplot's "hclust"
// order), showing the lower, upper or full matrix.
import { correlationMatrix, maxOf, minOf } from '@labstat/stats';
import { stars } from '../../charts.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { clusterDissimilarity, dendrogramLines, type Linkage } from '../shared/dendrogram.js';
import { chosenColumns } from '../shared/chart-parts.js';
import { heatmapChart } from '../shared/heatmap-chart.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = chosenColumns(data, params, 3, '分析变量');
  if (vars.length > 30) throw new ToolInputError(`最多选择 30 个变量，当前选择了 ${vars.length} 个`);
  const method = params.method === 'spearman' ? 'spearman' : 'pearson';
  const linkage: Linkage = params.linkage === 'average' ? 'average' : 'complete';
  const triangle = ['lower', 'upper', 'full'].includes(String(params.triangle)) ? String(params.triangle) : 'lower';
  const columns: Record<string, number[]> = {};
  for (const v of vars) {
    const c = data.numeric(v).map((x) => (x === null || x === undefined ? NaN : x));
    const valid = c.filter(Number.isFinite);
    if (valid.length < 3) throw new ToolInputError(`变量“${v}”的有效值少于 3 个`);
    if (valid.every((x) => x === valid[0])) throw new ToolInputError(`变量“${v}”的取值全部相同，无法计算相关系数`);
    columns[v] = c;
  }
  const m = correlationMatrix(columns, { method, exact: false });
  const k = vars.length;
  const tree = params.order === 'original' ? null : clusterDissimilarity(m.r.map((row) => row.map((r) => 1 - r)), linkage);
  const order = tree?.order ?? vars.map((_, i) => i);
  const sym = method === 'pearson' ? 'r' : 'ρ';
  const shown = (a: number, b: number) => triangle === 'full' || a === b || (triangle === 'lower' ? a > b : a < b);
  // Row position a (top to bottom) against column position b, both in display order.
  const cells: unknown[] = [];
  const starData: unknown[] = [];
  const labels = params.labels !== false && k <= 15;
  order.forEach((i, a) =>
    order.forEach((j, b) => {
      if (!shown(a, b)) return;
      const r = Number(m.r[i]![j]!.toFixed(2));
      cells.push(labels ? { value: [b, a, r], label: { formatter: i === j ? '' : r.toFixed(2), offset: [0, -4] } } : [b, a, r]);
      if (i !== j && m.p[i]![j]! < 0.05) starData.push({ value: [b, a], label: { formatter: stars(m.p[i]![j]!) } });
    }),
  );
  const names = order.map((i) => vars[i]!);
  const chart = heatmapChart({
    title: `图1 ${k} 个变量的 ${method === 'pearson' ? 'Pearson' : 'Spearman'} 相关热图`,
    rowNames: names,
    colNames: names,
    cells,
    min: -1,
    max: 1,
    valueName: `相关系数 ${sym}`,
    cellLabels: labels,
    colTree: null,
    rowTree: null,
    overlays: [
      {
        type: 'scatter',
        id: 'sigStars',
        name: '显著性',
        symbolSize: 1,
        silent: true,
        itemStyle: { color: 'rgba(0,0,0,0)' },
        label: { show: true, position: 'inside', offset: [0, labels ? 9 : 0], fontSize: 10, color: '#222' },
        data: starData,
      },
    ],
  });
  // The cluster tree above the columns when ordered by clustering.
  if (tree) {
    const opt = chart.type === 'chart' ? (chart.option as { grid: unknown[]; xAxis: unknown[]; yAxis: unknown[]; series: unknown[] }) : null;
    if (opt) {
      opt.grid[0] = { ...(opt.grid[0] as object), top: '20%' };
      opt.grid.push({ left: '6%', right: '20%', top: '3%', height: '15%' });
      opt.xAxis.push({ show: false, type: 'value', gridIndex: 1, min: -0.5, max: k - 0.5 });
      opt.yAxis.push({ show: false, type: 'value', gridIndex: 1, min: 0, max: Number((maxOf(tree.height) * 1.02).toPrecision(6)) || 1 });
      opt.series.push({ type: 'lines', name: '聚类树', coordinateSystem: 'cartesian2d', polyline: true, silent: true, xAxisIndex: 1, yAxisIndex: 1, lineStyle: { color: '#303133', width: 1 }, data: dendrogramLines(tree) });
    }
  }
  const rTable = names.map((a, x) => [a, ...order.map((j, y) => (x === y ? '1' : `${num(m.r[order[x]!]![j]!, 3)!.toFixed(3)}${m.p[order[x]!]![j]! < 0.05 ? stars(m.p[order[x]!]![j]!) : ''}`))]);
  const pTable = names.map((a, x) => [a, ...order.map((j, y) => (x === y ? '—' : formatP(m.p[order[x]!]![j]!)))]);
  const nVals = m.n.flatMap((row, i) => row.filter((_, j) => j > i));
  const pairs: Array<{ a: string; b: string; r: number; p: number; n: number }> = [];
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) pairs.push({ a: vars[i]!, b: vars[j]!, r: m.r[i]![j]!, p: m.p[i]![j]!, n: m.n[i]![j]! });
  const sig = pairs.filter((p) => p.p < 0.05);
  const strongest = [...pairs].sort((x, y) => Math.abs(y.r) - Math.abs(x.r))[0]!;
  const results: ToolOutput['results'] = {
    variables: k,
    pairs: pairs.length,
    significantPairs: sig.length,
    nMin: minOf(nVals),
    nMax: maxOf(nVals),
    order: names.join(', '),
    strongestPair: `${strongest.a} ~ ${strongest.b}`,
    strongestR: strongest.r,
    strongestP: strongest.p,
    strongestRSquared: strongest.r ** 2,
  };
  for (const p of pairs) {
    results[`r.${p.a} ~ ${p.b}`] = p.r;
    results[`p.${p.a} ~ ${p.b}`] = p.p;
  }
  const nNote = minOf(nVals) === maxOf(nVals) ? `每对变量的观测数 n = ${minOf(nVals)}。` : `缺失值按成对删除，各对变量的观测数 n = ${minOf(nVals)} ~ ${maxOf(nVals)}。`;
  return {
    title: `相关热图：${k} 个变量（${method === 'pearson' ? 'Pearson' : 'Spearman'}）`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '相关矩阵',
        blocks: [
          table(`表1 ${method === 'pearson' ? 'Pearson' : 'Spearman'} 相关系数矩阵`, ['变量', ...names], rTable, ['* P<0.05，** P<0.01，*** P<0.001（双侧，未校正多重比较）。', nNote]),
          table('表2 相关系数的 P 值', ['变量', ...names], pTable, [method === 'spearman' ? 'Spearman 相关的 P 值按 t 近似计算（与 R cor.test(exact = FALSE) 相同）。' : 'P 值为 t 检验（H0：相关系数为 0，与 R cor.test 相同）。']),
        ],
      },
      {
        title: '说明',
        blocks: [
          text(
            `${pairs.length} 对变量中有 ${sig.length} 对相关有统计学意义（P < 0.05）。绝对值最大的是 ${strongest.a} 与 ${strongest.b}（${sym} = ${num(strongest.r, 3)}，${strongest.p < 0.001 ? 'P < 0.001' : `P = ${formatP(strongest.p)}`}）。` +
              `颜色红色为正相关、蓝色为负相关，颜色越深相关越强。${tree ? `变量按 1 − ${sym} 的层次聚类（${linkage === 'complete' ? '完全连接' : '平均连接'}）排序，相关紧密的变量排在一起，顶部为聚类树。` : ''}`,
          ),
        ],
      },
    ],
    results,
  };
}
