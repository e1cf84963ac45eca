// 气泡图: x against y with bubble area proportional to a third variable (diameter ∝ √size, as
// ggplot2's scale_size_area), coloured by group, optional names beside the bubbles, and the Pearson
// correlation of x and y. Above 5,000 rows a stated seeded sample is drawn; numbers use every row.
import { correlationTest } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { requireVariables } from '../../common.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { MAX_MARKS, MAX_POINTS, sampleOf } from '../../charts.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const [xName, yName, sName] = [params.x, params.y, params.size].map((v) => String(v ?? ''));
  const gName = String(params.group ?? '');
  const lName = String(params.label ?? '');
  if (!xName || !yName || !sName) throw new ToolInputError('请选择横轴、纵轴和气泡大小三个变量');
  if (new Set([xName, yName, sName]).size < 3) throw new ToolInputError('横轴、纵轴与气泡大小需要是三个不同的变量');
  requireVariables(data, [xName, yName, sName, ...(gName ? [gName] : []), ...(lName ? [lName] : [])]);
  const maxSize = typeof params.maxSize === 'number' && params.maxSize >= 10 && params.maxSize <= 100 ? params.maxSize : 40;
  const [xv, yv, sv] = [xName, yName, sName].map((v) => data.numeric(v));
  const gv = gName ? data.text(gName) : null;
  const lv = lName ? data.text(lName) : null;
  const pts: Array<{ x: number; y: number; s: number; g: string; name: string }> = [];
  let excluded = 0;
  for (let i = 0; i < data.rows; i++) {
    const [x, y, s] = [xv![i], yv![i], sv![i]];
    const g = gv ? gv[i] : '';
    if ([x, y, s].some((v) => v === null || v === undefined || !Number.isFinite(v)) || g === null || g === undefined || (gv && g === '')) {
      excluded++;
      continue;
    }
    if (s! < 0) throw new ToolInputError(`气泡大小变量“${sName}”第 ${i + 1} 行为负数（${s}），气泡面积不能为负`);
    pts.push({ x: x!, y: y!, s: s!, g, name: lv?.[i] ?? '' });
  }
  if (pts.length < 3) throw new ToolInputError('三个变量都不缺失的行少于 3 行，无法绘制气泡图');
  const groups = gv ? [...new Set(pts.map((p) => p.g))].sort() : [''];
  if (groups.length > 12) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个组，着色最多 12 组`);
  const sMax = pts.reduce((a, p) => Math.max(a, p.s), 0);
  if (!(sMax > 0)) throw new ToolInputError(`气泡大小变量“${sName}”全部为 0`);
  const diameter = (s: number) => Number(Math.max(2, maxSize * Math.sqrt(s / sMax)).toFixed(2));
  const notes: string[] = [];
  const drawn = pts.length > MAX_POINTS ? sampleOf(pts, MAX_MARKS) : pts;
  if (drawn.length < pts.length) notes.push(`数据共 ${pts.length} 行，超过 ${MAX_POINTS} 点：图中按固定种子随机抽取 ${drawn.length} 个气泡绘制，表中数字基于全部数据。`);
  if (excluded > 0) notes.push(`${excluded} 行的所选变量有缺失，未绘制。`);
  const showLabels = !!lv && drawn.length <= 60;
  const r6 = (v: number) => Number(v.toPrecision(6));
  const series = groups.map((g) => ({
    type: 'scatter',
    name: gName ? g : sName,
    itemStyle: { opacity: 0.6, borderColor: '#ffffff', borderWidth: 0.5 },
    ...(showLabels ? { label: { show: true, position: 'right', fontSize: 10, color: '#222', formatter: '{b}' }, labelLayout: { hideOverlap: true } } : {}),
    data: drawn
      .filter((p) => p.g === g)
      .sort((a, b) => b.s - a.s)
      .map((p) => ({ name: p.name, value: [r6(p.x), r6(p.y), r6(p.s)], symbolSize: diameter(p.s) })),
  }));
  const ct = correlationTest(pts.map((p) => p.x), pts.map((p) => p.y));
  const chart = {
    type: 'chart' as const,
    title: `图1 ${xName}、${yName}与${sName}的气泡图`,
    option: {
      tooltip: { trigger: 'item' },
      ...(gName ? { legend: { data: groups, top: 0 } } : {}),
      grid: { left: 60, right: 40, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false } },
      yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 40, scale: true, splitLine: { show: false }, axisLine: { onZero: false } },
      series,
    },
  };
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const rows = groups.map((g) => {
    const sub = pts.filter((p) => p.g === g);
    return [gName ? g : '全部', sub.length, num(mean(sub.map((p) => p.x)), 3), num(mean(sub.map((p) => p.y)), 3), num(mean(sub.map((p) => p.s)), 3), num(sub.reduce((a, p) => a + p.s, 0), 3)];
  });
  const biggest = pts.reduce((a, p) => (p.s > a.s ? p : a));
  const results: ToolOutput['results'] = { n: pts.length, excluded, r: ct.estimate, p: ct.pValue, sizeMax: sMax, groups: groups.length };
  if (lv) results.largest = biggest.name;
  if (gName) groups.forEach((g, i) => (results[`n.${g}`] = rows[i]![1] as number));
  return {
    title: `气泡图：${yName} ~ ${xName}（大小：${sName}）`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '数据概况',
        blocks: [
          table(`表1 ${gName ? '各组' : ''}均值`, [gName || '分组', 'n', `${xName}均值`, `${yName}均值`, `${sName}均值`, `${sName}合计`], rows, [
            `气泡面积与“${sName}”成正比，最大气泡（${num(sMax, 3)}）的直径为 ${maxSize} 像素。`,
            ...notes,
          ]),
          table('表2 横轴与纵轴变量的 Pearson 相关', ['n', 'r', '95%CI', 't', 'P'], [[ct.n, num(ct.estimate, 3), ct.ci ? `${num(ct.ci[0], 3)} ~ ${num(ct.ci[1], 3)}` : '—', num(ct.statistic, 3), formatP(ct.pValue)]], [
            '相关分析未考虑气泡大小（未加权），每个对象权重相同。',
          ]),
        ],
      },
      {
        title: '说明',
        blocks: [
          text(
            `每个气泡是一个对象，横轴为${xName}、纵轴为${yName}，气泡面积表示${sName}${gName ? `，颜色表示${gName}` : ''}。` +
              `${xName}与${yName}的 Pearson 相关系数 r = ${num(ct.estimate, 3)}（${ct.pValue < 0.001 ? 'P < 0.001' : `P = ${formatP(ct.pValue)}`}）。` +
              (lv ? `${sName}最大的是${biggest.name}（${num(biggest.s, 3)}）。` : ''),
          ),
        ],
      },
    ],
    results,
  };
}
