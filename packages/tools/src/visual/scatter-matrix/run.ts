// 散点图矩阵: k × k panels for 2–6 variables — histograms (R hist's Sturges breaks) on the diagonal,
// scatter plots below it, the correlation with its stars above it. Pairwise-complete rows; above
// 5,000 rows the scatter panels draw a stated seeded sample, histograms and r use every row.
import { correlationTest } from '@labstat/stats';
import { stars } from '../../charts.js';
import { requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { chosenColumns } from '../shared/chart-parts.js';
import { MAX_MARKS, MAX_POINTS, sampleOf } from '../../charts.js';
import { pretty } from '../shared/kde.js';

/** R's hist(x)$breaks and $counts: Sturges' number of classes, pretty breaks, right-closed, lowest included. */
export function histogram(x: readonly number[]): { breaks: number[]; counts: number[] } {
  const lo = x.reduce((a, b) => Math.min(a, b));
  const hi = x.reduce((a, b) => Math.max(a, b));
  const n = Math.ceil(Math.log2(x.length) + 1);
  const breaks = pretty(lo, hi, n);
  const counts = Array<number>(breaks.length - 1).fill(0);
  for (const v of x) {
    let i = breaks.findIndex((b, j) => j > 0 && v <= b) - 1;
    if (i < 0) i = 0;
    counts[i]!++;
  }
  return { breaks, counts };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = chosenColumns(data, params, 2, '变量');
  if (vars.length > 6) throw new ToolInputError(`散点图矩阵最多 6 个变量，当前选择了 ${vars.length} 个`);
  const gName = String(params.group ?? '');
  if (gName) requireVariables(data, [gName]);
  const method = params.method === 'spearman' ? 'spearman' : 'pearson';
  const sym = method === 'pearson' ? 'r' : 'ρ';
  const k = vars.length;
  const cols = vars.map((v) => data.numeric(v).map((x) => (x === null || x === undefined || !Number.isFinite(x) ? NaN : x)));
  const g = gName ? data.text(gName) : null;
  const groups = g ? [...new Set(g.filter((x): x is string => x !== null && x !== ''))].sort() : [''];
  if (groups.length > 8) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个组，着色最多 8 组`);
  vars.forEach((v, j) => {
    const ok = cols[j]!.filter(Number.isFinite);
    if (ok.length < 3) throw new ToolInputError(`变量“${v}”的有效值少于 3 个`);
    if (ok.every((x) => x === ok[0])) throw new ToolInputError(`变量“${v}”的取值全部相同`);
  });
  const rowsUsed = Array.from({ length: data.rows }, (_, i) => i).filter((i) => !g || (g[i] !== null && g[i] !== ''));
  const sampled = rowsUsed.length > MAX_POINTS;
  // The lower panels share MAX_MARKS points between them (at least 100 rows each).
  const drawRows = sampled ? sampleOf(rowsUsed, Math.max(100, Math.floor(MAX_MARKS / ((k * (k - 1)) / 2)))) : rowsUsed;

  const pad = { left: 9, right: 3, top: 7, bottom: 9 };
  const gap = 1.5;
  const cw = (100 - pad.left - pad.right - gap * (k - 1)) / k;
  const ch = (100 - pad.top - pad.bottom - gap * (k - 1)) / k;
  const grid: Array<Record<string, unknown>> = [];
  const xAxis: Array<Record<string, unknown>> = [];
  const yAxis: Array<Record<string, unknown>> = [];
  const series: Array<Record<string, unknown>> = [];
  const results: ToolOutput['results'] = { variables: k, rows: rowsUsed.length };
  const corRows: Array<Array<string | number | null>> = [];
  const histRows: Array<Array<string | number | null>> = [];
  const r6 = (v: number) => Number(v.toPrecision(6));
  // Each variable's axis spans its histogram's outer breaks, so a column's panels line up with its histogram.
  const hists = vars.map((_, j) => histogram(cols[j]!.filter(Number.isFinite)));
  const range = hists.map((h) => [h.breaks[0]!, h.breaks[h.breaks.length - 1]!] as const);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const gi = grid.length;
      grid.push({ left: `${(pad.left + j * (cw + gap)).toFixed(2)}%`, top: `${(pad.top + i * (ch + gap)).toFixed(2)}%`, width: `${cw.toFixed(2)}%`, height: `${ch.toFixed(2)}%` });
      const bottomRow = i === k - 1;
      const leftCol = j === 0;
      const valueAxis = (v: number, show: boolean, nameShown: boolean, isX: boolean) => ({
        type: 'value',
        gridIndex: gi,
        scale: true,
        min: r6(range[v]![0]),
        max: r6(range[v]![1]),
        splitNumber: 3,
        axisLabel: { show, fontSize: 9, hideOverlap: true },
        axisTick: { show },
        splitLine: { show: false },
        ...(nameShown ? { name: vars[v], nameLocation: 'middle', nameGap: isX ? 22 : 32 } : {}),
      });
      if (i === j) {
        const h = hists[i]!;
        // Only the outer panels carry axes: the bottom one its variable's name, the top-left one its name on the left.
        xAxis.push({ type: 'category', gridIndex: gi, show: bottomRow, data: h.counts.map((_, b) => `${h.breaks[b]}~${h.breaks[b + 1]}`), axisLabel: { show: false }, axisTick: { show: false }, ...(bottomRow ? { name: vars[i], nameLocation: 'middle', nameGap: 22 } : {}) });
        yAxis.push({ type: 'value', gridIndex: gi, show: leftCol, axisLabel: { show: false }, axisTick: { show: false }, splitLine: { show: false }, ...(leftCol ? { name: vars[i], nameLocation: 'middle', nameGap: 32 } : {}) });
        series.push({ type: 'bar', name: '直方图', xAxisIndex: gi, yAxisIndex: gi, barCategoryGap: '4%', itemStyle: { color: '#909399' }, data: h.counts, silent: true });
        histRows.push([vars[i]!, cols[i]!.filter(Number.isFinite).length, `${h.breaks[0]} ~ ${h.breaks[h.breaks.length - 1]}`, h.counts.length, h.counts.join(', ')]);
        results[`bins.${vars[i]}`] = h.counts.length;
      } else if (i > j) {
        xAxis.push(valueAxis(j, bottomRow, bottomRow, true));
        yAxis.push(valueAxis(i, leftCol, leftCol, false));
        for (const grp of groups) {
          series.push({
            type: 'scatter',
            name: gName ? grp : '观测值',
            xAxisIndex: gi,
            yAxisIndex: gi,
            symbolSize: 3,
            data: drawRows.filter((r) => (!g || g[r] === grp) && Number.isFinite(cols[j]![r]!) && Number.isFinite(cols[i]![r]!)).map((r) => [r6(cols[j]![r]!), r6(cols[i]![r]!)]),
          });
        }
      } else {
        const ct = correlationTest(cols[i]!, cols[j]!, { method, exact: false });
        xAxis.push({ type: 'value', gridIndex: gi, min: 0, max: 1, show: false });
        yAxis.push({ type: 'value', gridIndex: gi, min: 0, max: 1, show: false });
        const big = Math.min(18, 9 + Math.abs(ct.estimate) * 12);
        series.push({ type: 'scatter', name: '相关系数', xAxisIndex: gi, yAxisIndex: gi, silent: true, itemStyle: { color: 'rgba(0,0,0,0)' }, label: { show: true, position: 'inside', fontSize: Math.round(big), color: '#222', formatter: `${sym} = ${ct.estimate.toFixed(2)}` }, data: [[0.5, 0.55]] });
        if (ct.pValue < 0.05) series.push({ type: 'scatter', id: `sig${i}-${j}`, name: '显著性', xAxisIndex: gi, yAxisIndex: gi, silent: true, itemStyle: { color: 'rgba(0,0,0,0)' }, label: { show: true, position: 'inside', fontSize: 12, color: '#B2182B', formatter: stars(ct.pValue) }, data: [[0.5, 0.25]] });
        corRows.push([`${vars[i]} ~ ${vars[j]}`, ct.n, num(ct.estimate, 3), formatP(ct.pValue), stars(ct.pValue)]);
        results[`r.${vars[i]} ~ ${vars[j]}`] = ct.estimate;
        results[`p.${vars[i]} ~ ${vars[j]}`] = ct.pValue;
        results[`n.${vars[i]} ~ ${vars[j]}`] = ct.n;
      }
    }
  const notes = [sampled ? `数据共 ${rowsUsed.length} 行，超过 ${MAX_POINTS} 行：散点图按固定种子随机抽取 ${drawRows.length} 行绘制，直方图与相关系数使用全部数据。` : ''].filter((t) => t !== '');
  const sigPairs = corRows.filter((r) => r[4] !== 'ns');
  const strongest = [...corRows].sort((a, b) => Math.abs(b[2] as number) - Math.abs(a[2] as number))[0]!;
  results.significantPairs = sigPairs.length;
  return {
    title: `散点图矩阵：${vars.join('、')}`,
    sections: [
      {
        title: '图形',
        blocks: [
          {
            type: 'chart',
            title: `图1 ${k} 个变量的散点图矩阵${gName ? `（按${gName}着色）` : ''}`,
            option: { tooltip: { trigger: 'item' }, legend: gName ? { data: groups, top: 0 } : { data: [] }, grid, xAxis, yAxis, series },
          },
        ],
      },
      {
        title: '相关与分布',
        blocks: [
          table(`表1 两两 ${method === 'pearson' ? 'Pearson' : 'Spearman'} 相关`, ['变量对', 'n', sym, 'P', '标注'], corRows, ['缺失值按成对删除；* P<0.05，** P<0.01，*** P<0.001，ns 不显著（未校正多重比较）。', ...notes]),
          table('表2 对角线直方图的分组', ['变量', '有效值', '范围（组界）', '组数', '各组频数'], histRows, ['组界按 R hist() 的默认方法（Sturges 组数，pretty 取整），区间左开右闭、第一组含左端点。']),
        ],
      },
      {
        title: '说明',
        blocks: [
          text(
            `对角线为各变量的直方图，下三角为两两散点图，上三角为${method === 'pearson' ? ' Pearson' : ' Spearman'} 相关系数（字越大相关越强，红色星号表示 P < 0.05）。` +
              `${corRows.length} 对变量中 ${sigPairs.length} 对相关有统计学意义；绝对值最大的是 ${strongest[0]}（${sym} = ${strongest[2]}，P ${String(strongest[3]).startsWith('<') ? `< ${String(strongest[3]).slice(1)}` : `= ${strongest[3]}`}）。`,
          ),
        ],
      },
    ],
    results,
  };
}
