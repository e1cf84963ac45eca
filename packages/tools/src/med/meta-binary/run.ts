// Meta 分析（二分类结局）: events and totals of two arms per study → OR, RR or RD per study (escalc,
// ½ added to zero-cell studies), fixed effect by Mantel–Haenszel, inverse variance or Peto, random
// effects by REML or DL, and the shared report (forest, funnel, Egger, subgroups, leave-one-out).
import { mantelHaenszel, metaAnalysis, petoOddsRatio, twoByTwoEffects, type TwoByTwoStudies } from '@labstat/stats';
import { armName, buildMetaReport, modelOf, presentRows, singleStudy, studyColumns, type MetaFit, type Pooled } from '../../meta-analysis.js';
import { missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const LABELS = { e1: '试验组事件数', n1: '试验组总例数', e2: '对照组事件数', n2: '对照组总例数' } as const;

export function run(data: DataTable, params: Params): ToolOutput {
  const cols = (['e1', 'n1', 'e2', 'n2'] as const).map((f) => {
    const name = String(params[f] ?? '');
    if (!name) throw new ToolInputError(`请选择${LABELS[f]}列`);
    return name;
  });
  const { study, subgroup } = studyColumns(data, params, cols);
  const measure = params.measure === 'OR' ? 'OR' : params.measure === 'RD' ? 'RD' : 'RR';
  const fixedMethod = params.fixedMethod === 'IV' ? 'IV' : params.fixedMethod === 'Peto' ? 'Peto' : 'MH';
  if (fixedMethod === 'Peto' && measure !== 'OR') throw new ToolInputError('Peto 法只能合并比值比 OR：请把效应量改为 OR，或改用 Mantel–Haenszel 法');
  const { tau2Method, model, level } = modelOf(params);
  const arm1 = armName(params.arm1, [cols[0]!, cols[1]!], '试验组');
  const arm2 = armName(params.arm2, [cols[2]!, cols[3]!], '对照组');

  const values = cols.map((c) => numericValues(data, c));
  const { rows, names, groups, excluded } = presentRows(data, study, subgroup, values);
  const [e1, n1, e2, n2] = values.map((v) => rows.map((i) => v[i]!)) as [number[], number[], number[], number[]];
  rows.forEach((_, j) => {
    (['e1', 'n1', 'e2', 'n2'] as const).forEach((f, c) => {
      const x = [e1, n1, e2, n2][c]![j]!;
      if (!(Number.isInteger(x) && x >= 0)) throw new ToolInputError(`研究“${names[j]}”的${LABELS[f]}（列“${cols[c]}”）为 ${x}，应为非负整数`);
    });
    if (n1[j]! === 0 || n2[j]! === 0) throw new ToolInputError(`研究“${names[j]}”的总例数为 0（列“${n1[j] === 0 ? cols[1] : cols[3]}”），请删除该研究或更正数据`);
    if (e1[j]! > n1[j]!) throw new ToolInputError(`研究“${names[j]}”的事件数 ${e1[j]} 大于总例数 ${n1[j]}（列“${cols[0]}”与“${cols[1]}”）`);
    if (e2[j]! > n2[j]!) throw new ToolInputError(`研究“${names[j]}”的事件数 ${e2[j]} 大于总例数 ${n2[j]}（列“${cols[2]}”与“${cols[3]}”）`);
  });

  // Studies without events in both arms (or all events in both) say nothing about a ratio (metafor drop00).
  const dropped = measure === 'RD' ? [] : rows.map((_, j) => j).filter((j) => (e1[j] === 0 && e2[j] === 0) || (e1[j] === n1[j] && e2[j] === n2[j]));
  const keep = rows.map((_, j) => j).filter((j) => !dropped.includes(j));
  if (keep.length < 2) throw new ToolInputError(`两组均无事件（或均全部发生事件）的研究不提供 ${measure} 的信息，去除后只剩 ${keep.length} 项研究，无法合并；可改用率差 RD`);
  const pick = <T,>(x: T[]) => keep.map((j) => x[j]!);
  const t: TwoByTwoStudies = { a: pick(e1), b: keep.map((j) => n1[j]! - e1[j]!), c: pick(e2), d: keep.map((j) => n2[j]! - e2[j]!) };
  const es = twoByTwoEffects(t, measure);
  const sub = (idx: readonly number[]): TwoByTwoStudies => ({ a: idx.map((i) => t.a[i]!), b: idx.map((i) => t.b[i]!), c: idx.map((i) => t.c[i]!), d: idx.map((i) => t.d[i]!) });
  const fit = (idx: readonly number[]): MetaFit => {
    const part = { yi: idx.map((i) => es.yi[i]!), vi: idx.map((i) => es.vi[i]!) };
    let fixed: Pooled;
    if (fixedMethod === 'MH') fixed = mantelHaenszel(sub(idx), measure, { level });
    else if (fixedMethod === 'Peto') fixed = petoOddsRatio(sub(idx), { level });
    else fixed = idx.length === 1 ? singleStudy(part.yi[0]!, part.vi[0]!, level) : metaAnalysis(part, { method: 'FE', level });
    return { fixed, random: idx.length > 1 ? metaAnalysis(part, { method: tau2Method, level }) : null };
  };

  const zeroCell = keep.filter((j) => [e1[j]!, n1[j]! - e1[j]!, e2[j]!, n2[j]! - e2[j]!].includes(0));
  const notes = [missingNote(excluded).replace('行', '项研究（行）')];
  if (zeroCell.length > 0)
    notes.push(`${zeroCell.map((j) => `“${names[j]}”`).join('、')} 有零格：该研究的效应量与方差由各格加 0.5 后计算（连续性校正，同 metafor escalc 默认 add = 1/2, to = "only0"）${fixedMethod === 'IV' ? '' : `；${fixedMethod === 'MH' ? 'Mantel–Haenszel' : 'Peto'} 合并值用原始频数`}。`);
  if (dropped.length > 0) notes.push(`${dropped.map((j) => `“${names[j]}”`).join('、')} 两组均无事件（或均全部发生事件），对 ${measure} 不提供信息，未纳入合并（同 metafor 的 drop00 = TRUE）。`);
  if (fixedMethod === 'Peto') notes.push('表中各研究的效应量为普通 OR；Peto 法的合并值为 Σ(O − E)/ΣV 的反对数。');
  const fixedLabel = fixedMethod === 'MH' ? 'Mantel–Haenszel 法' : fixedMethod === 'Peto' ? 'Peto 法' : '逆方差法';
  const caveats: string[] = [];
  const rare = keep.filter((j) => e1[j]! + e2[j]! < 5).length;
  if (rare > keep.length / 2 && fixedMethod !== 'Peto' && measure === 'OR') caveats.push('多数研究的事件很少，逆方差法与随机效应模型在罕见事件时偏倚较大；可参考 Mantel–Haenszel 或 Peto 法（两组例数相近、效应不大时）的结果。');
  const groupsKept = groups ? keep.map((j) => groups[j]!) : null;

  return buildMetaReport({
    title: `Meta 分析（二分类结局，${measure}）：${arm1} vs ${arm2}`,
    measure,
    names: keep.map((j) => names[j]!),
    subgroup,
    groups: groupsKept,
    subgroupOrder: params.subgroupOrder,
    es,
    fit,
    fixedLabel,
    randomLabel: tau2Method,
    model,
    level,
    dataColumns: ['研究', ...(subgroup ? [subgroup] : []), `${arm1}事件/总数`, `${arm2}事件/总数`],
    dataRows: keep.map((j) => [names[j]!, ...(groupsKept ? [groups![j]!] : []), `${e1[j]}/${n1[j]}`, `${e2[j]}/${n2[j]}`]),
    notes,
    comparison: `${arm1} vs ${arm2}`,
    outcome: String(params.outcomeLabel ?? '').trim() || '事件发生风险',
    caveats,
    extraResults: { excluded, zeroCellStudies: zeroCell.length, droppedStudies: dropped.length, fixedMethod, tau2Method },
  });
}
