// 饼图/环形图: the counts of one categorical variable as a pie or donut with count and percent
// labels, and each category's share with its exact (Clopper–Pearson) interval.
import { proportionCi } from '@labstat/stats';
import { levelOf, requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const has = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  if (!xName) throw new ToolInputError('请选择分类变量');
  requireVariables(data, [xName]);
  const values = data.text(xName).filter(has).map((v) => v.trim());
  if (values.length === 0) throw new ToolInputError(`变量“${xName}”没有非缺失的取值`);
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let cats = [...counts.keys()];
  if (cats.length < 2) throw new ToolInputError(`变量“${xName}”只有 1 个类别，无法绘制饼图`);
  if (cats.length > 20) throw new ToolInputError(`变量“${xName}”有 ${cats.length} 个类别，饼图最多 20 个；请选择分类变量或先合并类别`);
  // Stable sort: ties keep their order of first appearance.
  if (params.sort !== 'data') cats = [...cats].sort((a, b) => counts.get(b)! - counts.get(a)!);
  const n = values.length;
  const level = levelOf(params);
  const rows = cats.map((c) => {
    const k = counts.get(c)!;
    const [lo, hi] = proportionCi(k, n, 'clopper-pearson', level);
    return { name: c, count: k, percent: (100 * k) / n, lo: 100 * lo, hi: 100 * hi };
  });
  const donut = params.donut === true;
  const show = String(params.labels ?? 'both');
  const p1 = (v: number) => v.toFixed(1);
  const labelText = (r: (typeof rows)[number]) =>
    show === 'percent' ? `${r.name}\n${p1(r.percent)}%` : show === 'count' ? `${r.name}\n${r.count}` : `${r.name}\n${r.count}（${p1(r.percent)}%）`;
  const option = {
    tooltip: { trigger: 'item' },
    legend: { data: cats, bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        name: xName,
        radius: donut ? ['40%', '65%'] : [0, '65%'],
        center: ['50%', '47%'],
        startAngle: 90,
        clockwise: true,
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        label: { show: show !== 'none', fontSize: 12 },
        labelLine: { show: show !== 'none', length: 12, length2: 10 },
        data: rows.map((r) => ({ name: r.name, value: r.count, label: { formatter: labelText(r) } })),
      },
    ],
  };
  const pct = Math.round(level * 1000) / 10;
  const results: ToolOutput['results'] = { n, categories: cats.length };
  for (const r of rows) Object.assign(results, { [`count.${r.name}`]: r.count, [`percent.${r.name}`]: r.percent, [`ciLower.${r.name}`]: r.lo, [`ciUpper.${r.name}`]: r.hi });
  const excluded = data.rows - n;
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [{ type: 'chart', title: `图1 ${xName}的构成（${donut ? '环形图' : '饼图'}，n = ${n}）`, option }] },
    {
      title: '构成比',
      blocks: [
        table(
          `表1 ${xName}的频数与构成比`,
          [xName, '频数', '构成比（%）', `${pct}%CI 下限（%）`, `${pct}%CI 上限（%）`],
          [...rows.map((r) => [r.name, r.count, num(r.percent, 1), num(r.lo, 1), num(r.hi, 1)]), ['合计', n, 100, null, null]],
          [`置信区间为 Clopper-Pearson 精确法（R：binom.test）。`, excluded > 0 ? `${excluded} 行因“${xName}”缺失而未纳入。` : '所用变量无缺失值。'],
        ),
      ],
    },
    {
      title: '说明',
      blocks: [
        text(
          `${donut ? '环形图' : '饼图'}中每个扇区的角度与该类别的构成比成正比，扇区${params.sort === 'data' ? '按数据中首次出现的顺序' : '按频数从大到小'}自 12 点方向顺时针排列。` +
            (cats.length > 6 ? `共 ${cats.length} 个类别，扇区较多时建议改用柱状图。` : ''),
        ),
      ],
    },
  ];
  return { title: `饼图：${xName}`, sections, results };
}
