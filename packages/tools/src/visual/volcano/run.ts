// 火山图: log2 fold change against −log10 P, each feature classed up / down / not significant by the
// two thresholds, the N most significant labelled, counts in a table. Above MAX_POINTS at most
// MAX_MARKS points are drawn, a stated seeded sample: the non-significant ones sampled, the
// significant ones all drawn while they fit in four fifths of the budget (else sampled too).
import { MAX_MARKS, MAX_POINTS, sampleOf } from '../../charts.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { requireVariables } from '../../common.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

/** Semantic colours: up red, down blue, not significant grey. */
export const VOLCANO_COLORS = { up: '#D6604D', down: '#4393C3', ns: '#BDBDBD' } as const;

const numberParam = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

interface Feature {
  name: string;
  fc: number;
  p: number;
  y: number;
  cls: 'up' | 'down' | 'ns';
}

export function run(data: DataTable, params: Params): ToolOutput {
  const fcName = String(params.fc ?? '');
  const pName = String(params.p ?? '');
  const labelName = String(params.label ?? '');
  if (!fcName || !pName) throw new ToolInputError('请选择 log2FC 列和 P 值列');
  if (fcName === pName) throw new ToolInputError('log2FC 列与 P 值列不能是同一个变量');
  requireVariables(data, labelName ? [fcName, pName, labelName] : [fcName, pName]);
  const fcCut = numberParam(params.fcCut, 1);
  const pCut = numberParam(params.pCut, 0.05);
  if (fcCut < 0) throw new ToolInputError('倍数阈值不能为负数');
  if (!(pCut > 0 && pCut < 1)) throw new ToolInputError('P 值阈值必须在 0 与 1 之间');
  const topN = Math.max(0, Math.min(50, Math.round(numberParam(params.topN, 10))));
  const fc = data.numeric(fcName);
  const p = data.numeric(pName);
  const labels = labelName ? data.text(labelName) : null;
  const raw: Array<{ name: string; fc: number; p: number }> = [];
  let excluded = 0;
  for (let i = 0; i < data.rows; i++) {
    const [f, q] = [fc[i], p[i]];
    if (f === null || f === undefined || q === null || q === undefined || !Number.isFinite(f) || !Number.isFinite(q)) {
      excluded++;
      continue;
    }
    if (q < 0 || q > 1) throw new ToolInputError(`“${pName}”第 ${i + 1} 行的值为 ${q}，P 值必须在 0 与 1 之间（请选择原始 P 值而不是 −log10 P）`);
    raw.push({ name: labels?.[i] || `第${i + 1}行`, fc: f, p: q });
  }
  if (raw.length < 3) throw new ToolInputError('log2FC 与 P 值都不缺失的行少于 3 行，无法绘制火山图');
  const positive = raw.filter((r) => r.p > 0).map((r) => r.p);
  const floor = positive.length > 0 ? positive.reduce((a, b) => Math.min(a, b)) : 1e-300;
  const zeros = raw.filter((r) => r.p === 0).length;
  const features: Feature[] = raw.map((r) => ({
    ...r,
    y: -Math.log10(r.p > 0 ? r.p : floor),
    cls: r.p < pCut && r.fc >= fcCut && fcCut >= 0 && r.fc !== 0 ? 'up' : r.p < pCut && r.fc <= -fcCut && r.fc !== 0 ? 'down' : 'ns',
  }));
  const up = features.filter((f) => f.cls === 'up');
  const down = features.filter((f) => f.cls === 'down');
  const ns = features.filter((f) => f.cls === 'ns');
  const top = [...up, ...down].sort((a, b) => a.p - b.p || Math.abs(b.fc) - Math.abs(a.fc)).slice(0, topN);
  const notes: string[] = [];
  let [upDrawn, downDrawn, nsDrawn] = [up, down, ns];
  if (features.length > MAX_POINTS) {
    const sig = up.length + down.length;
    // At most MAX_MARKS points: the significant ones first, a fifth of them kept for the rest.
    const nsFloor = Math.round(MAX_MARKS / 5);
    if (sig > MAX_MARKS - nsFloor) {
      // Even the significant points are too many: each class keeps its share of the other four fifths.
      upDrawn = sampleOf(up, Math.round((up.length / sig) * (MAX_MARKS - nsFloor)));
      downDrawn = sampleOf(down, Math.round((down.length / sig) * (MAX_MARKS - nsFloor)));
      nsDrawn = sampleOf(ns, nsFloor);
      notes.push(`数据共 ${features.length} 行，超过 ${MAX_POINTS} 点：各类别按固定种子随机抽样绘制（上调 ${upDrawn.length}、下调 ${downDrawn.length}、无差异 ${nsDrawn.length} 个）；计数基于全部数据。`);
    } else {
      nsDrawn = sampleOf(ns, MAX_MARKS - sig);
      notes.push(`数据共 ${features.length} 行，超过 ${MAX_POINTS} 点：上调与下调的点全部绘制，无差异的 ${ns.length} 个点按固定种子随机抽取 ${nsDrawn.length} 个绘制；计数基于全部数据。`);
    }
  }
  if (zeros > 0) notes.push(`${zeros} 行的 P 值为 0，绘图时按数据中最小的非零 P 值（${floor.toExponential(2)}）计算 −log10 P。`);
  if (excluded > 0) notes.push(`${excluded} 行缺少 log2FC 或 P 值，未参与绘图与计数。`);

  const r4 = (v: number) => Number(v.toPrecision(5));
  const pt = (f: Feature) => [r4(f.fc), r4(f.y)];
  const yLine = -Math.log10(pCut);
  const dot = (name: string, color: string, list: Feature[]) => ({ type: 'scatter', name, symbolSize: 5, itemStyle: { color }, data: list.map(pt) });
  const series: Array<Record<string, unknown>> = [
    {
      ...dot(`无差异（${ns.length}）`, VOLCANO_COLORS.ns, nsDrawn),
      markLine: {
        silent: true,
        symbol: 'none',
        label: { show: false },
        lineStyle: { color: '#606266', type: 'dashed', width: 1 },
        data: [...(fcCut > 0 ? [{ xAxis: fcCut }, { xAxis: -fcCut }] : [{ xAxis: 0 }]), { yAxis: r4(yLine) }],
      },
    },
    dot(`下调（${down.length}）`, VOLCANO_COLORS.down, downDrawn),
    dot(`上调（${up.length}）`, VOLCANO_COLORS.up, upDrawn),
  ];
  if (top.length > 0) {
    series.push({
      type: 'scatter',
      name: '标注基因',
      symbolSize: 5,
      itemStyle: { color: '#222222', opacity: 1 },
      label: { show: true, position: 'right', fontSize: 10, color: '#222' },
      labelLayout: { hideOverlap: true, moveOverlap: 'shiftY' },
      labelLine: { show: true, length2: 4, lineStyle: { color: '#909399' } },
      data: top.map((f) => ({ value: pt(f), label: { formatter: f.name, position: f.fc < 0 ? 'left' : 'right' }, itemStyle: { color: VOLCANO_COLORS[f.cls as 'up' | 'down'] } })),
    });
  }
  const xMax = Math.ceil(features.reduce((a, f) => Math.max(a, Math.abs(f.fc)), fcCut) * 1.05);
  const chart = {
    type: 'chart' as const,
    title: `图1 火山图（|log2FC| ≥ ${fcCut}，P < ${pCut}）`,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: [`上调（${up.length}）`, `下调（${down.length}）`, `无差异（${ns.length}）`], top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: 'log2 倍数变化（log2FC）', nameLocation: 'middle', nameGap: 28, min: -xMax, max: xMax, splitLine: { show: false } },
      yAxis: { type: 'value', name: '−log10(P)', nameLocation: 'middle', nameGap: 40, min: 0, splitLine: { show: false }, axisLine: { onZero: false } },
      series,
    },
  };
  const total = features.length;
  const pctText = (k: number) => `${((k / total) * 100).toFixed(1)}%`;
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [chart] },
    {
      title: '差异计数',
      blocks: [
        table(
          '表1 按阈值分类的计数',
          ['类别', '判定标准', '个数', '占比'],
          [
            ['上调', `log2FC ≥ ${fcCut} 且 P < ${pCut}`, up.length, pctText(up.length)],
            ['下调', `log2FC ≤ −${fcCut} 且 P < ${pCut}`, down.length, pctText(down.length)],
            ['无差异', '其余', ns.length, pctText(ns.length)],
            ['合计', '', total, '100.0%'],
          ],
          notes,
        ),
      ],
    },
  ];
  if (top.length > 0) {
    sections.push({
      title: '最显著的基因',
      blocks: [
        table(
          `表2 P 值最小的 ${top.length} 个差异基因（图中标注）`,
          ['名称', 'log2FC', 'P', '−log10(P)', '方向'],
          top.map((f) => [f.name, num(f.fc, 3), f.p < 0.001 ? f.p.toExponential(2) : formatP(f.p), num(f.y, 2), f.cls === 'up' ? '上调' : '下调']),
          ['按 P 值从小到大排列，P 相同时按 |log2FC| 从大到小。'],
        ),
      ],
    });
  }
  sections.push({
    title: '说明',
    blocks: [
      text(
        `共 ${total} 个基因，按 |log2FC| ≥ ${fcCut} 且 P < ${pCut} 判定：上调 ${up.length} 个、下调 ${down.length} 个、无差异 ${ns.length} 个。` +
          `横轴为 log2 倍数变化（1 表示升高 2 倍），纵轴为 −log10(P)，虚线为两个阈值；右上角红点为上调、左上角蓝点为下调。`,
      ),
    ],
  });
  const results: ToolOutput['results'] = {
    n: total,
    up: up.length,
    down: down.length,
    notSignificant: ns.length,
    differential: up.length + down.length,
    excluded,
    fcCut,
    pCut,
    labelled: top.length,
    topGenes: top.map((f) => f.name).join(', '),
  };
  if (top[0]) {
    results.topFc = top[0].fc;
    results.topP = top[0].p;
  }
  return { title: `火山图：${fcName} 与 ${pName}`, sections, results };
}
