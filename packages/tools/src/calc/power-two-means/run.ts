import { powerTTest } from '@labstat/stats';
import { num } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';

const DESIGN_ZH = { 'two-sample': '两独立样本 t 检验', paired: '配对 t 检验', 'one-sample': '单样本 t 检验' } as const;

export function run({ form }: CalcInput): ToolOutput {
  const type = formText(form, 'design') as keyof typeof DESIGN_ZH;
  const delta = Math.abs(formNumber(form, 'delta'));
  const sd = formNumber(form, 'sd');
  if (!(delta > 0)) throw new ToolInputError('预期均数差值不能为 0');
  if (!(sd > 0)) throw new ToolInputError('标准差必须大于 0');
  const d = designOf(form);
  const alternative = d.twoSided ? 'two-sided' : 'one-sided';
  const r = powerTTest({ delta, sd, sigLevel: d.alpha, power: d.power, type, alternative });
  const n = Math.ceil(r.n - 1e-9);
  const enrol = inflateForDropout(r.n, d.dropout);
  const groups = type === 'two-sample' ? 2 : 1;
  const unit = type === 'two-sample' ? '每组' : '共';
  const what = type === 'paired' ? '对' : '例';
  const curve = curveRange(r.n).map((x) => [x, powerTTest({ n: x, delta, sd, sigLevel: d.alpha, type, alternative }).power] as const);
  const basis = type === 'two-sample' ? `预期两组均数差 δ=${delta}、标准差 σ=${sd}（效应量 d=${num(delta / sd, 3)}）` : type === 'paired' ? `预期差值均数 δ=${delta}、差值标准差 σ=${sd}` : `预期总体均数与检验值之差 δ=${delta}、标准差 σ=${sd}`;
  const paragraph = protocolParagraph({ design: d, basis, method: DESIGN_ZH[type], n: r.n, unit, groups }).replace(/例/g, what);
  return {
    title: `${DESIGN_ZH[type]}的样本量`,
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['设计', DESIGN_ZH[type]],
            ['效应量 d = δ/σ', num(delta / sd, 4)!],
            [`${unit}所需样本量（精确值）`, num(r.n, 4)!],
            [`${unit}所需样本量`, n],
            [`考虑脱落后${unit}纳入`, enrol],
            ...(groups === 2 ? ([['总样本量（含脱落）', enrol * 2]] as Array<[string, number]>) : []),
          ], ['样本量按非中心 t 分布精确求解（R: power.t.test），结果向上取整。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: type === 'two-sample' ? '每组样本量' : '样本量', planned: r.n, target: d.power })] },
      sizeGridSection((a, p) => Math.ceil(powerTTest({ delta, sd, sigLevel: a, power: p, type, alternative }).n - 1e-9), { note: `${unit}所需样本量，未计脱落。` }),
      rSection(`power.t.test(delta = ${delta}, sd = ${sd}, sig.level = ${d.alpha}, power = ${d.power},\n             type = "${type}", alternative = "${alternative}")`),
    ],
    results: { n: r.n, nRounded: n, nEnrolled: enrol, totalEnrolled: enrol * groups, effectSize: delta / sd, power: d.power, alpha: d.alpha },
  };
}
