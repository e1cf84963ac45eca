// 棒棒糖图: a stick from 0 and a dot at each item's value, items sorted from the largest down, dots
// coloured by an optional group; several rows of one item are first summarised (mean, median, sum).
import { quantile, maxOf, minOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_ITEMS = 100;
const AGG: Record<string, string> = { none: '', mean: '均值', median: '中位数', sum: '合计' };

export function run(data: DataTable, params: Params): ToolOutput {
  const itemName = String(params.item ?? '');
  const valueName = String(params.value ?? '');
  const gName = String(params.group ?? '');
  if (!itemName || !valueName) throw new ToolInputError('请选择项目名称和数值两列');
  requireVariables(data, gName ? [itemName, valueName, gName] : [itemName, valueName]);
  const agg = String(params.aggregate ?? 'none');
  const names = data.text(itemName);
  const vals = data.numeric(valueName);
  const gs = gName ? data.text(gName) : null;
  const byItem = new Map<string, { values: number[]; group: string }>();
  const skipped: string[] = [];
  for (let i = 0; i < data.rows; i++) {
    const nm = (names[i] ?? '').trim();
    if (nm === '') continue;
    const v = vals[i];
    if (v === null || v === undefined || !Number.isFinite(v)) {
      skipped.push(nm);
      continue;
    }
    const g = gs ? (gs[i] ?? '').trim() || '未分组' : '';
    const e = byItem.get(nm);
    if (e) {
      if (agg === 'none') throw new ToolInputError(`项目“${nm}”有多行；请在“同一项目多行时”选择汇总方式（均值、中位数或合计）`);
      if (gs && e.group !== g) throw new ToolInputError(`项目“${nm}”的各行属于不同的组（${e.group}、${g}），无法按组着色`);
      e.values.push(v);
    } else byItem.set(nm, { values: [v], group: g });
  }
  const summarise = (xs: number[]) => (agg === 'mean' ? xs.reduce((a, b) => a + b, 0) / xs.length : agg === 'median' ? quantile(xs, 0.5)[0]! : agg === 'sum' ? xs.reduce((a, b) => a + b, 0) : xs[0]!);
  const items = [...byItem.entries()].map(([name, e]) => ({ name, group: e.group, n: e.values.length, value: summarise(e.values) }));
  if (items.length < 2) throw new ToolInputError('有数值的项目少于 2 个，无法绘制棒棒糖图');
  if (items.length > MAX_ITEMS) throw new ToolInputError(`共有 ${items.length} 个项目，棒棒糖图最多 ${MAX_ITEMS} 个；请先筛选或汇总`);
  items.sort((a, b) => b.value - a.value); // stable: ties keep the file order, as R order()
  const groups = gs ? [...new Set(items.map((x) => x.group))].sort() : [''];
  if (groups.length > 10) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个组，着色最多 10 组`);
  const r6 = (v: number) => Number(v.toPrecision(8));
  const label = agg === 'none' ? valueName : `${valueName}（${AGG[agg]}）`;
  const series: Array<Record<string, unknown>> = [
    { type: 'lines', name: '杆', coordinateSystem: 'cartesian2d', silent: true, lineStyle: { color: '#909399', width: 2, opacity: 1 }, data: items.map((x) => ({ coords: [[0, x.name], [r6(x.value), x.name]] })) },
    ...groups.map((g) => ({ type: 'scatter', name: g || label, symbolSize: 11, z: 3, data: items.filter((x) => x.group === g).map((x) => [r6(x.value), x.name]) })),
  ];
  const chart = {
    type: 'chart' as const,
    title: `图1 各${itemName}${label}的棒棒糖图`,
    option: {
      tooltip: { trigger: 'item' },
      ...(gs ? { legend: { data: groups, top: 0 } } : {}),
      grid: { left: 20, right: 30, top: gs ? 40 : 20, bottom: 44, containLabel: true },
      xAxis: { type: 'value', name: label, nameLocation: 'middle', nameGap: 28, splitLine: { show: false } },
      yAxis: { type: 'category', inverse: true, data: items.map((x) => x.name), axisTick: { show: false }, axisLabel: { interval: 0, fontSize: items.length > 40 ? 8 : 11 } },
      series,
    },
  };
  const values = items.map((x) => x.value);
  const [q1, med, q3] = quantile(values, [0.25, 0.5, 0.75]) as [number, number, number];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const results: ToolOutput['results'] = { n: items.length, mean, median: med, q1, q3, max: values[0]!, min: values[values.length - 1]!, maxItem: items[0]!.name, minItem: items[items.length - 1]!.name };
  const summaryRows: Array<Array<string | number | null>> = [];
  for (const g of groups) {
    const vs = items.filter((x) => x.group === g).map((x) => x.value);
    const m = vs.reduce((a, b) => a + b, 0) / vs.length;
    const md = quantile(vs, 0.5)[0]!;
    summaryRows.push([g || '全部', vs.length, num(m, 2), num(md, 2), num(minOf(vs), 2), num(maxOf(vs), 2)]);
    if (gs) {
      results[`mean.${g}`] = m;
      results[`median.${g}`] = md;
      results[`n.${g}`] = vs.length;
    }
  }
  if (gs) summaryRows.push(['全部', items.length, num(mean, 2), num(med, 2), num(results.min as number, 2), num(results.max as number, 2)]);
  const notes = [agg === 'none' ? '每个项目一行，直接绘制其数值。' : `同一项目的多行取${AGG[agg]}后绘制。`, ...(skipped.length > 0 ? [`${skipped.join('、')} 缺少数值，未绘制。`] : [])];
  return {
    title: `棒棒糖图：${label}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '棒棒糖图数据',
        blocks: [
          table(`表1 各项目的${label}（由大到小）`, [itemName, ...(gs ? [gName] : []), ...(agg === 'none' ? [] : ['行数']), label], items.map((x) => [x.name, ...(gs ? [x.group] : []), ...(agg === 'none' ? [] : [x.n]), num(x.value, 2)]), notes),
          table(`表2 ${label}的描述${gs ? `（按${gName}）` : ''}`, ['组别', '项目数', '均值', '中位数', '最小值', '最大值'], summaryRows, ['中位数按 R 的默认算法（type 7）；各项目等权。']),
        ],
      },
      { title: '说明', blocks: [text(`共 ${items.length} 个项目，${label}最高为${items[0]!.name}（${num(values[0], 2)}），最低为${items[items.length - 1]!.name}（${num(values[values.length - 1], 2)}）。`)] },
    ],
    results,
  };
}
