// Meta 分析（连续型结局）: means, SDs and sizes of two arms per study → MD or Hedges' g per study
// (escalc), fixed effect by inverse variance, random effects by REML or DL, and the shared report.
import { meanDifference, metaAnalysis, standardisedMeanDifference } from '@labstat/stats';
import { armName, buildMetaReport, modelOf, presentRows, singleStudy, studyColumns, type MetaFit } from '../../meta-analysis.js';
import { missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const FIELDS = ['m1', 'sd1', 'n1', 'm2', 'sd2', 'n2'] as const;
const LABELS = { m1: '试验组均数', sd1: '试验组标准差', n1: '试验组例数', m2: '对照组均数', sd2: '对照组标准差', n2: '对照组例数' } as const;

export function run(data: DataTable, params: Params): ToolOutput {
  const cols = FIELDS.map((f) => {
    const name = String(params[f] ?? '');
    if (!name) throw new ToolInputError(`请选择${LABELS[f]}列`);
    return name;
  });
  const { study, subgroup } = studyColumns(data, params, cols);
  const measure = params.measure === 'SMD' ? 'SMD' : 'MD';
  const { tau2Method, model, level } = modelOf(params);
  const arm1 = armName(params.arm1, [cols[0]!, cols[1]!, cols[2]!], '试验组');
  const arm2 = armName(params.arm2, [cols[3]!, cols[4]!, cols[5]!], '对照组');

  const values = cols.map((c) => numericValues(data, c));
  const { rows, names, groups, excluded } = presentRows(data, study, subgroup, values);
  const [m1, sd1, n1, m2, sd2, n2] = values.map((v) => rows.map((i) => v[i]!)) as [number[], number[], number[], number[], number[], number[]];
  rows.forEach((_, j) => {
    for (const [c, f] of [[2, 'n1'], [5, 'n2']] as const) {
      const n = [n1, n2][c === 2 ? 0 : 1]![j]!;
      if (!(Number.isInteger(n) && n >= 2)) throw new ToolInputError(`研究“${names[j]}”的${LABELS[f]}（列“${cols[c]}”）为 ${n}，应为不小于 2 的整数`);
    }
    for (const [c, f] of [[1, 'sd1'], [4, 'sd2']] as const) {
      const sd = [sd1, sd2][c === 1 ? 0 : 1]![j]!;
      if (!(sd > 0)) throw new ToolInputError(`研究“${names[j]}”的${LABELS[f]}（列“${cols[c]}”）为 ${sd}，标准差必须大于 0`);
    }
  });
  const s = { m1, sd1, n1, m2, sd2, n2 };
  const es = measure === 'MD' ? meanDifference(s) : standardisedMeanDifference(s);
  const fit = (idx: readonly number[]): MetaFit => {
    const part = { yi: idx.map((i) => es.yi[i]!), vi: idx.map((i) => es.vi[i]!) };
    return {
      fixed: idx.length === 1 ? singleStudy(part.yi[0]!, part.vi[0]!, level) : metaAnalysis(part, { method: 'FE', level }),
      random: idx.length > 1 ? metaAnalysis(part, { method: tau2Method, level }) : null,
    };
  };
  const f1 = (x: number) => String(Number(x.toPrecision(6)));
  const notes = [missingNote(excluded).replace('行', '项研究（行）')];
  notes.push(measure === 'MD' ? '均数差 = 试验组均数 − 对照组均数，方差 SD₁²/n₁ + SD₂²/n₂（metafor escalc "MD"）。' : 'Hedges g：合并标准差标准化的均数差乘以精确的小样本校正因子 J，方差 1/n₁ + 1/n₂ + g²/[2(n₁ + n₂)]（metafor escalc "SMD"）。');

  return buildMetaReport({
    title: `Meta 分析（连续型结局，${measure}）：${arm1} vs ${arm2}`,
    measure,
    names,
    subgroup,
    groups,
    subgroupOrder: params.subgroupOrder,
    es,
    fit,
    fixedLabel: '逆方差法',
    randomLabel: tau2Method,
    model,
    level,
    dataColumns: ['研究', ...(subgroup ? [subgroup] : []), `${arm1} 均数 ± SD（n）`, `${arm2} 均数 ± SD（n）`],
    dataRows: rows.map((_, j) => [names[j]!, ...(groups ? [groups[j]!] : []), `${f1(m1[j]!)} ± ${f1(sd1[j]!)}（${n1[j]}）`, `${f1(m2[j]!)} ± ${f1(sd2[j]!)}（${n2[j]}）`]),
    notes,
    comparison: `${arm1} vs ${arm2}`,
    outcome: String(params.outcomeLabel ?? '').trim() || '结局均值',
    extraResults: { excluded, tau2Method },
  });
}
