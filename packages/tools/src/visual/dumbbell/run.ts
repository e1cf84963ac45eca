// 哑铃图: two values per item joined by a line, items sorted by their difference (second − first),
// and the paired t test of the differences in a table (R: t.test(second, first, paired = TRUE)).
import { pairedTTest } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_ITEMS = 100;

export function run(data: DataTable, params: Params): ToolOutput {
  const [itemName, aName, bName] = ['item', 'first', 'second'].map((k) => String(params[k] ?? ''));
  if (!itemName || !aName || !bName) throw new ToolInputError('请选择项目名称和两列数值');
  if (aName === bName) throw new ToolInputError('两列数值不能是同一个变量');
  requireVariables(data, [itemName, aName, bName]);
  const names = data.text(itemName);
  const a = data.numeric(aName);
  const b = data.numeric(bName);
  const items: Array<{ name: string; a: number; b: number; order: number }> = [];
  const skipped: string[] = [];
  for (let i = 0; i < data.rows; i++) {
    const nm = (names[i] ?? '').trim();
    if (nm === '') continue;
    if (a[i] === null || b[i] === null || a[i] === undefined || b[i] === undefined) skipped.push(nm);
    else items.push({ name: nm, a: a[i]!, b: b[i]!, order: i });
  }
  if (items.length < 2) throw new ToolInputError('两列都有值的项目少于 2 个，无法绘制哑铃图');
  if (items.length > MAX_ITEMS) throw new ToolInputError(`共有 ${items.length} 个项目，哑铃图最多 ${MAX_ITEMS} 个；请先筛选`);
  if (new Set(items.map((x) => x.name)).size < items.length) throw new ToolInputError(`项目名称列“${itemName}”有重复的名称，每个项目应只占一行`);
  const sort = String(params.sort ?? 'diff');
  const key = (x: (typeof items)[0]) => (sort === 'first' ? x.a : sort === 'second' ? x.b : sort === 'none' ? -x.order : x.b - x.a);
  // Largest value first, drawn on top.
  items.sort((x, y) => key(y) - key(x));
  const diffs = items.map((x) => x.b - x.a);
  const t = pairedTTest(items.map((x) => x.b), items.map((x) => x.a));
  const up = diffs.filter((d) => d > 0).length;
  const down = diffs.filter((d) => d < 0).length;
  const r6 = (v: number) => Number(v.toPrecision(8));
  const chart = {
    type: 'chart' as const,
    title: `图1 各${itemName}${aName}与${bName}的哑铃图`,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: [aName, bName], top: 0 },
      grid: { left: 20, right: 30, top: 40, bottom: 44, containLabel: true },
      xAxis: { type: 'value', scale: true, name: '数值', nameLocation: 'middle', nameGap: 28, splitLine: { show: false } },
      yAxis: { type: 'category', inverse: true, data: items.map((x) => x.name), axisTick: { show: false }, axisLabel: { interval: 0, fontSize: items.length > 40 ? 8 : 11 } },
      series: [
        { type: 'lines', name: '差值', coordinateSystem: 'cartesian2d', silent: true, lineStyle: { color: '#909399', width: 3, opacity: 1 }, data: items.map((x) => ({ coords: [[r6(x.a), x.name], [r6(x.b), x.name]] })) },
        { type: 'scatter', name: aName, symbolSize: 10, z: 3, data: items.map((x) => [r6(x.a), x.name]) },
        { type: 'scatter', name: bName, symbolSize: 10, z: 3, data: items.map((x) => [r6(x.b), x.name]) },
      ],
    },
  };
  const rows = items.map((x) => [x.name, num(x.a, 2), num(x.b, 2), num(x.b - x.a, 2)]);
  const results: ToolOutput['results'] = {
    n: items.length,
    meanDifference: t.estimate,
    ciLower: t.ci[0],
    ciUpper: t.ci[1],
    statistic: t.statistic,
    df: t.df,
    p: t.pValue,
    increased: up,
    decreased: down,
    maxDifferenceItem: items.reduce((m, x) => (x.b - x.a > m.b - m.a ? x : m)).name,
    minDifferenceItem: items.reduce((m, x) => (x.b - x.a < m.b - m.a ? x : m)).name,
  };
  return {
    title: `哑铃图：${aName} → ${bName}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '哑铃图数据',
        blocks: [
          table('表1 各项目的两个数值与差值', [itemName, aName, bName, '差值'], rows, [`差值 = ${bName} − ${aName}；排序：${{ diff: '按差值由大到小', first: `按${aName}由大到小`, second: `按${bName}由大到小`, none: '按数据顺序' }[sort] ?? '按差值'}。`, ...(skipped.length > 0 ? [`${skipped.join('、')} 缺少数值，未绘制。`] : [])]),
          table('表2 差值的配对 t 检验', ['n', '平均差值', '95%CI', 't', 'df', 'P', '增加/减少'], [[items.length, num(t.estimate, 3), `${num(t.ci[0], 3)}~${num(t.ci[1], 3)}`, num(t.statistic, 3), t.df, formatP(t.pValue), `${up}/${down}`]], ['各项目等权，检验平均差值是否为 0；项目规模不同时请考虑加权分析。']),
        ],
      },
      { title: '说明', blocks: [text(`每行一个项目，两端圆点分别为${aName}与${bName}，连线长度为差值。${items.length} 个项目中 ${up} 个增加、${down} 个减少，平均差值 ${num(t.estimate, 3)}。`)] },
    ],
    results,
  };
}
