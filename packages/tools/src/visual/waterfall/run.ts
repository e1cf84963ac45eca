// 瀑布图: one bar per patient, the best percentage change of the target lesions from baseline,
// sorted from the largest increase to the deepest shrinkage, coloured by the RECIST best response,
// with the +20% (progression) and −30% (partial response) lines; ORR and DCR with exact CIs.
import { proportionCi, quantile, maxOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export const CATEGORIES = ['CR', 'PR', 'SD', 'PD', 'NE'] as const;
type Category = (typeof CATEGORIES)[number];
const LABELS: Record<Category, string> = { CR: 'CR 完全缓解', PR: 'PR 部分缓解', SD: 'SD 疾病稳定', PD: 'PD 疾病进展', NE: 'NE 不可评价' };
/** Semantic colours as oncology papers use them (response green/blue, stable grey, progression red). */
const COLORS: Record<Category, string> = { CR: '#1B7837', PR: '#2166AC', SD: '#9E9E9E', PD: '#B2182B', NE: '#E0C36A' };

/** A response as the file writes it, read as one of the RECIST categories. */
export function readResponse(v: string | null): Category {
  const s = (v ?? '').trim().toUpperCase();
  if (s === 'CR' || s.includes('完全缓解')) return 'CR';
  if (s === 'PR' || s.includes('部分缓解')) return 'PR';
  if (s === 'SD' || s.includes('稳定')) return 'SD';
  if (s === 'PD' || s.includes('进展')) return 'PD';
  return 'NE';
}

/** RECIST 1.1 target-lesion category of a best change in percent. */
export const fromChange = (c: number): Category => (c <= -100 ? 'CR' : c <= -30 ? 'PR' : c >= 20 ? 'PD' : 'SD');

export function run(data: DataTable, params: Params): ToolOutput {
  const idName = String(params.id ?? '');
  const chName = String(params.change ?? '');
  const rName = String(params.response ?? '');
  if (!idName || !chName) throw new ToolInputError('请选择患者编号和最佳变化百分比两列');
  requireVariables(data, rName ? [idName, chName, rName] : [idName, chName]);
  const ids = data.text(idName);
  const ch = data.numeric(chName);
  const rs = rName ? data.text(rName) : null;
  const patients: Array<{ id: string; change: number | null; cat: Category }> = [];
  for (let i = 0; i < data.rows; i++) {
    const id = (ids[i] ?? '').trim();
    if (id === '') continue;
    const c = ch[i] ?? null;
    patients.push({ id, change: c, cat: rs ? readResponse(rs[i] ?? null) : c === null ? 'NE' : fromChange(c) });
  }
  if (patients.length === 0) throw new ToolInputError(`患者编号列“${idName}”没有内容`);
  if (patients.some((p) => p.change !== null && p.change < -100)) throw new ToolInputError('最佳变化百分比不能小于 −100%（缩小 100% 即病灶完全消失）；请确认该列为百分比而不是小数');
  const bars = patients.filter((p) => p.change !== null).sort((a, b) => b.change! - a.change! || a.id.localeCompare(b.id));
  if (bars.length < 2) throw new ToolInputError(`变化率列“${chName}”的有效值少于 2 个，无法绘制瀑布图`);
  const n = patients.length;
  const count = (c: Category) => patients.filter((p) => p.cat === c).length;
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, count(c)])) as Record<Category, number>;
  const orr = counts.CR + counts.PR;
  const dcr = orr + counts.SD;
  const orrCi = proportionCi(orr, n, 'clopper-pearson', 0.95);
  const dcrCi = proportionCi(dcr, n, 'clopper-pearson', 0.95);
  const changes = bars.map((p) => p.change!);
  const [q1, med, q3] = quantile(changes, [0.25, 0.5, 0.75]) as [number, number, number];
  const shrink30 = changes.filter((c) => c <= -30).length;
  // A response that the bar alone would not give (a new lesion, non-target progression): worth a note.
  const discordant = rs ? bars.filter((p) => p.cat !== 'NE' && p.cat !== fromChange(p.change!)).map((p) => p.id) : [];

  const present = CATEGORIES.filter((c) => bars.some((p) => p.cat === c));
  const series: Array<Record<string, unknown>> = present.map((c) => ({
    type: 'bar',
    name: LABELS[c],
    stack: 'response',
    barCategoryGap: '15%',
    itemStyle: { color: COLORS[c] },
    data: bars.map((p) => (p.cat === c ? Number(p.change!.toFixed(2)) : null)),
  }));
  series.push({
    type: 'line',
    id: 'reference',
    name: '参考线',
    data: [],
    markLine: {
      silent: true,
      symbol: 'none',
      lineStyle: { color: '#303133', type: 'dashed', width: 1 },
      label: { position: 'insideEndTop', fontSize: 11, formatter: '{b}' },
      data: [
        // Labels where the bars leave room: the increases sit on the left, the shrinkages on the right.
        { name: '+20%', yAxis: 20, label: { position: 'insideEndTop' } },
        { name: '−30%', yAxis: -30, label: { position: 'insideStartBottom' } },
      ],
    },
  });
  const chart = {
    type: 'chart' as const,
    title: `图1 ${n} 例患者靶病灶最佳变化的瀑布图`,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: present.map((c) => LABELS[c]), top: 0 },
      grid: { left: 64, right: 30, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: bars.map((p) => p.id), name: '患者', nameLocation: 'middle', nameGap: bars.length > 40 ? 12 : 26, axisLabel: { show: bars.length <= 40, rotate: 90, fontSize: 9 }, axisTick: { show: false } },
      yAxis: { type: 'value', name: '相对基线的最佳变化（%）', nameLocation: 'middle', nameGap: 44, min: -100, max: Math.max(40, Math.ceil(maxOf(changes) / 20) * 20), interval: 20, splitLine: { show: false } },
      series,
    },
  };
  const pct = (k: number) => num((100 * k) / n, 1);
  const rows = CATEGORIES.filter((c) => counts[c] > 0).map((c) => [LABELS[c], counts[c], pct(counts[c])]);
  const results: ToolOutput['results'] = {
    n,
    plotted: bars.length,
    orr: orr / n,
    orrLower: orrCi[0],
    orrUpper: orrCi[1],
    dcr: dcr / n,
    dcrLower: dcrCi[0],
    dcrUpper: dcrCi[1],
    medianChange: med,
    q1Change: q1,
    q3Change: q3,
    shrink30,
    discordant: discordant.length,
    responseFrom: rName ? 'data' : 'change',
  };
  for (const c of CATEGORIES) results[`count.${c}`] = counts[c];
  const notes = [
    rName ? `疗效取自“${rName}”列；无法识别的取值计为 NE（不可评价）。` : '疗效由变化率推断：−100% 为 CR，≤ −30% 为 PR，≥ +20% 为 PD，其余为 SD（仅靶病灶标准）。',
    '客观缓解率（ORR）=（CR + PR）/ 全部患者，疾病控制率（DCR）=（CR + PR + SD）/ 全部患者；95%CI 为 Clopper-Pearson 精确区间。',
  ];
  if (n > bars.length) notes.push(`${n - bars.length} 例缺少变化率，未画柱，但计入 ORR 与 DCR 的分母。`);
  if (discordant.length > 0) notes.push(`${discordant.join('、')} 的最佳疗效与变化率所对应的类别不同（如新发病灶判为 PD），按疗效列着色。`);
  return {
    title: `瀑布图：${chName}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '疗效汇总',
        blocks: [
          table('表1 最佳疗效分布', ['最佳疗效', '例数', '百分比（%）'], rows, notes),
          table('表2 缓解率', ['指标', '例数', '率（%）', '95%CI（%）'], [
            ['客观缓解率 ORR', orr, pct(orr), `${(orrCi[0] * 100).toFixed(1)}~${(orrCi[1] * 100).toFixed(1)}`],
            ['疾病控制率 DCR', dcr, pct(dcr), `${(dcrCi[0] * 100).toFixed(1)}~${(dcrCi[1] * 100).toFixed(1)}`],
            ['缩小 ≥ 30%', shrink30, num((100 * shrink30) / bars.length, 1), ''],
          ], [`“缩小 ≥ 30%”的分母为画柱的 ${bars.length} 例。变化率中位数 ${num(med, 1)}%（P25~P75：${num(q1, 1)}%~${num(q3, 1)}%）。`]),
        ],
      },
      { title: '说明', blocks: [text(`柱从左到右按变化率由大到小排列，向上为增大、向下为缩小；虚线为 +20%（进展阈值）与 −30%（部分缓解阈值）。`)] },
    ],
    results,
  };
}
