// 雷达图: each group's mean of every chosen variable on one spoke per variable (listwise-complete
// rows), raw or rescaled per variable (observed range to 0–1, or z-scores) so different units compare.
import { niceCeil } from '../../charts.js';
import { requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { chosenColumns } from '../shared/chart-parts.js';
import { maxOf, minOf } from '@labstat/stats';

const SCALE_NAMES: Record<string, string> = { none: '原始均值', range: '按极差缩放（0~1）', z: 'z-score 标准化' };

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = chosenColumns(data, params, 3, '指标');
  if (vars.length > 12) throw new ToolInputError(`指标最多 12 个，当前选择了 ${vars.length} 个`);
  const gName = String(params.group ?? '');
  if (gName) requireVariables(data, [gName]);
  if (vars.includes(gName)) throw new ToolInputError('分组变量不能同时作为指标');
  const scale = ['none', 'range', 'z'].includes(String(params.scale)) ? String(params.scale) : 'none';
  const cols = vars.map((v) => data.numeric(v));
  const g = gName ? data.text(gName) : null;
  const rows: Array<{ group: string; x: number[] }> = [];
  let excluded = 0;
  for (let i = 0; i < data.rows; i++) {
    const x = cols.map((c) => c[i]);
    const grp = g ? g[i] : '全部';
    if (x.some((v) => v === null || v === undefined || !Number.isFinite(v)) || grp === null || grp === undefined || grp === '') {
      excluded++;
      continue;
    }
    rows.push({ group: grp, x: x as number[] });
  }
  if (rows.length < 2) throw new ToolInputError('所选指标都不缺失的行少于 2 行，无法绘制雷达图');
  const groups = [...new Set(rows.map((r) => r.group))].sort();
  if (groups.length > 8) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个组，雷达图最多 8 组`);
  const p = vars.length;
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const sd = (v: number[]) => {
    if (v.length < 2) return NaN;
    // The mean once, not once per value (that made a 40,000-row file take seconds).
    const m = mean(v);
    return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
  };
  const pooled = vars.map((_, j) => rows.map((r) => r.x[j]!));
  const lo = pooled.map((v) => minOf(v));
  const hi = pooled.map((v) => maxOf(v));
  const mu = pooled.map(mean);
  const s = pooled.map(sd);
  vars.forEach((v, j) => {
    if (scale !== 'none' && !(hi[j]! > lo[j]!)) throw new ToolInputError(`指标“${v}”的取值全部相同，无法缩放`);
  });
  const tf = (j: number, x: number) => (scale === 'range' ? (x - lo[j]!) / (hi[j]! - lo[j]!) : scale === 'z' ? (x - mu[j]!) / s[j]! : x);
  const stats = groups.map((name) => {
    const sub = rows.filter((r) => r.group === name);
    return {
      name,
      n: sub.length,
      mean: vars.map((_, j) => mean(sub.map((r) => r.x[j]!))),
      sd: vars.map((_, j) => sd(sub.map((r) => r.x[j]!))),
      shown: vars.map((_, j) => mean(sub.map((r) => tf(j, r.x[j]!)))),
    };
  });
  const r4 = (v: number) => Number(v.toFixed(4));
  const allShown = stats.flatMap((st) => st.shown);
  const zMin = minOf(allShown);
  const zMax = maxOf(allShown);
  const rawMin = Math.min(0, zMin);
  const rawMax = niceCeil(zMax, Math.max(zMax - rawMin, Math.abs(zMax)) || 1);
  const zBound = niceCeil(Math.max(Math.abs(zMin), Math.abs(zMax)), Math.max(Math.abs(zMin), Math.abs(zMax)) * 2 || 1);
  const indicator = vars.map((v) => {
    if (scale === 'range') return { name: v, min: 0, max: 1 };
    if (scale === 'z') return { name: v, min: -zBound, max: zBound };
    // One scale on every spoke, so the spokes compare.
    return { name: v, min: rawMin, max: rawMax };
  });
  const chart = {
    type: 'chart' as const,
    title: `图1 ${gName ? '各组 ' : ''}${p} 个指标的雷达图（${SCALE_NAMES[scale]}）`,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: groups, top: 0 },
      radar: { indicator, center: ['50%', '55%'], radius: '65%', splitNumber: 4, axisName: { color: '#222' }, splitArea: { show: false }, splitLine: { lineStyle: { color: '#BDBDBD' } }, axisLine: { lineStyle: { color: '#BDBDBD' } } },
      series: [
        {
          type: 'radar',
          name: gName || '均值',
          symbolSize: 5,
          ...(params.area !== false ? { areaStyle: { opacity: 0.15 } } : {}),
          lineStyle: { width: 2 },
          data: stats.map((st) => ({ name: st.name, value: st.shown.map(r4) })),
        },
      ],
    },
  };
  const header = ['组别', 'n', ...vars];
  const meanRows = stats.map((st) => [st.name, st.n, ...st.mean.map((m, j) => `${num(m, 2)!.toFixed(2)} ± ${Number.isFinite(st.sd[j]!) ? num(st.sd[j]!, 2)!.toFixed(2) : '—'}`)]);
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [chart] },
    {
      title: '各组均值',
      blocks: [
        table('表1 各组各指标的均值 ± 标准差', header, meanRows, [
          `图中每条轴的范围为 ${indicator[0]!.min} ~ ${indicator[0]!.max}（各轴相同），中心为最小值。`,
          ...(excluded > 0 ? [`${excluded} 行的所选指标${gName ? '或分组' : ''}有缺失，未参与计算。`] : []),
        ]),
      ],
    },
  ];
  if (scale !== 'none') {
    sections[1]!.blocks.push(
      table(`表2 图中绘制的数值（${SCALE_NAMES[scale]}）`, header, stats.map((st) => [st.name, st.n, ...st.shown.map((v) => num(v, 3))]), [
        scale === 'range' ? '每个指标按全部观测的最小值、最大值缩放到 0~1 后，再求各组均值。' : '每个指标按全部观测的均值与标准差标准化后，再求各组均值；0 表示等于总体均值。',
      ]),
    );
  }
  // Which group is highest on each spoke (for the text), only with several groups.
  const leaders = groups.length > 1 ? vars.map((v, j) => ({ v, g: stats.reduce((a, b) => (b.mean[j]! > a.mean[j]! ? b : a)).name })) : [];
  const byGroup = groups.map((name) => ({ name, k: leaders.filter((l) => l.g === name).length })).sort((a, b) => b.k - a.k);
  sections.push({
    title: '说明',
    blocks: [
      text(
        `每条轴代表一个指标，多边形的顶点为${groups.length > 1 ? '各组' : ''}均值（${SCALE_NAMES[scale]}），越靠外数值越大。` +
          (byGroup[0] && byGroup[0].k > 0 ? `${byGroup[0].name}在 ${byGroup[0].k} 个指标上均值最高。` : '') +
          '雷达图只用于直观比较，组间差异请用方差分析等检验。',
      ),
    ],
  });
  const results: ToolOutput['results'] = { groups: groups.length, variables: p, n: rows.length, excluded };
  stats.forEach((st) => {
    results[`n.${st.name}`] = st.n;
    vars.forEach((v, j) => {
      results[`mean.${st.name}.${v}`] = st.mean[j]!;
      if (scale !== 'none') results[`scaled.${st.name}.${v}`] = st.shown[j]!;
    });
  });
  if (byGroup[0] && byGroup[0].k > 0) {
    results.leadingGroup = byGroup[0].name;
    results.leadingCount = byGroup[0].k;
  }
  return { title: `雷达图：${vars.length} 个指标${gName ? ` ~ ${gName}` : ''}`, sections, results };
}
