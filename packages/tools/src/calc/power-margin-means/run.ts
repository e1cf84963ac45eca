import { meanMarginSampleSize } from '@labstat/stats';
import { num } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';
import { DESIGN_ZH, designOfForm, marginPower, signedMargin, type MarginDesign } from '../margin.js';

/** n per group from the engine; superiority by a margin is its non-inferiority formula with m > 0. */
function sizeOf(design: MarginDesign, delta: number, sd: number, m: number, alpha: number, power: number): number {
  return meanMarginSampleSize({ difference: delta, sd, margin: m, design: design === 'equivalence' ? 'equivalence' : 'non-inferiority', sigLevel: alpha, power }).n;
}

export function run({ form }: CalcInput): ToolOutput {
  const design = designOfForm(formText(form, 'design'));
  const delta = formNumber(form, 'delta');
  const sd = formNumber(form, 'sd');
  const margin = formNumber(form, 'margin');
  if (!(sd > 0)) throw new ToolInputError('标准差必须大于 0');
  const m = signedMargin(design, delta, margin, '均数差');
  const d = { ...designOf(form), twoSided: false };
  const nExact = sizeOf(design, delta, sd, m, d.alpha, d.power);
  const n = Math.ceil(nExact - 1e-9);
  const enrol = inflateForDropout(nExact, d.dropout);
  const s = Math.SQRT2 * sd;
  const curve = curveRange(nExact).map((x) => [x, marginPower(x, design, delta, m, s, d.alpha)] as const);
  const zh = DESIGN_ZH[design];
  const basis = `预期试验组与对照组均数差 δ=${delta}、标准差 σ=${sd}，${zh}界值 Δ=${margin}`;
  const method = design === 'equivalence' ? '等效性检验（两个单侧检验）的正态近似公式' : `${zh}检验的正态近似公式`;
  const paragraph = protocolParagraph({ design: d, basis, method, n: nExact, unit: '每组', groups: 2 });
  const za = `qnorm(1 - ${d.alpha})`;
  const rCode = [
    `delta <- ${delta}; sigma <- ${sd}; margin <- ${margin}; power <- ${d.power}`,
    design === 'equivalence'
      ? `n <- 2 * sigma^2 * (${za} + qnorm(1 - (1 - power) / 2))^2 / (margin - abs(delta))^2  # 等效`
      : `n <- 2 * sigma^2 * (${za} + qnorm(power))^2 / (delta ${design === 'superiority' ? '-' : '+'} margin)^2  # ${zh}`,
    'n  # 每组',
  ].join('\n');
  const hypothesis =
    design === 'non-inferiority' ? `H₀: μT − μC ≤ −${margin}；H₁: μT − μC > −${margin}` : design === 'superiority' ? `H₀: μT − μC ≤ ${margin}；H₁: μT − μC > ${margin}` : `H₀: |μT − μC| ≥ ${margin}；H₁: |μT − μC| < ${margin}`;
  return {
    title: `${zh}试验的样本量（均数）`,
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['研究设计', zh],
            ['检验假设', hypothesis],
            ['每组所需样本量（精确值）', num(nExact, 4)!],
            ['每组所需样本量', n],
            ['考虑脱落后每组纳入', enrol],
            ['总样本量（含脱落）', enrol * 2],
          ], ['正态近似公式（Chow, Shao & Wang 2008, 3.2），单侧检验水准，两组等例数，结果向上取整。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: '每组样本量', planned: nExact, target: d.power })] },
      sizeGridSection((a, p) => Math.ceil(sizeOf(design, delta, sd, m, a, p) - 1e-9), { note: '每组所需样本量，未计脱落。', oneSided: true }),
      rSection(rCode),
    ],
    results: { n: nExact, nRounded: n, nEnrolled: enrol, totalEnrolled: enrol * 2, difference: delta, margin, power: d.power, alpha: d.alpha },
  };
}
