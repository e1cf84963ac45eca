import { proportionMarginSampleSize } from '@labstat/stats';
import { num } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { DESIGN_ZH, designOfForm, marginPower, signedMargin, type MarginDesign } from '../margin.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';

/** n per group from the engine; superiority by a margin is its non-inferiority formula with m > 0. */
function sizeOf(design: MarginDesign, p1: number, p2: number, m: number, alpha: number, power: number): number {
  return proportionMarginSampleSize({ p1, p2, margin: m, design: design === 'equivalence' ? 'equivalence' : 'non-inferiority', sigLevel: alpha, power }).n;
}

const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;

export function run({ form }: CalcInput): ToolOutput {
  const design = designOfForm(formText(form, 'design'));
  const p1 = formNumber(form, 'p1');
  const p2 = formNumber(form, 'p2');
  const margin = formNumber(form, 'margin');
  if (!(p1 > 0 && p1 < 1) || !(p2 > 0 && p2 < 1)) throw new ToolInputError('预期率必须在 0 到 1 之间（不含 0 和 1），如 85% 填 0.85');
  if (!(margin < 1)) throw new ToolInputError('界值 Δ 是率的差值，应小于 1（如 10% 填 0.1）');
  const delta = p1 - p2;
  const m = signedMargin(design, delta, margin, '率差（试验组−对照组）');
  const d = { ...designOf(form), twoSided: false };
  const nExact = sizeOf(design, p1, p2, m, d.alpha, d.power);
  const n = Math.ceil(nExact - 1e-9);
  const enrol = inflateForDropout(nExact, d.dropout);
  const s = Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  const curve = curveRange(nExact).map((x) => [x, marginPower(x, design, delta, m, s, d.alpha)] as const);
  const zh = DESIGN_ZH[design];
  const basis = `预期试验组率 ${pct(p1)}、对照组率 ${pct(p2)}，${zh}界值 Δ=${margin}（${pct(margin)}）`;
  const method = design === 'equivalence' ? '等效性检验（两个单侧检验）的正态近似公式' : `${zh}检验的正态近似公式`;
  const paragraph = protocolParagraph({ design: d, basis, method, n: nExact, unit: '每组', groups: 2 });
  const za = `qnorm(1 - ${d.alpha})`;
  const rCode = [
    `p1 <- ${p1}; p2 <- ${p2}; margin <- ${margin}; power <- ${d.power}`,
    'v <- p1 * (1 - p1) + p2 * (1 - p2)',
    design === 'equivalence'
      ? `n <- (${za} + qnorm(1 - (1 - power) / 2))^2 * v / (margin - abs(p1 - p2))^2  # 等效`
      : `n <- (${za} + qnorm(power))^2 * v / (p1 - p2 ${design === 'superiority' ? '-' : '+'} margin)^2  # ${zh}`,
    'n  # 每组',
  ].join('\n');
  const hypothesis =
    design === 'non-inferiority' ? `H₀: pT − pC ≤ −${margin}；H₁: pT − pC > −${margin}` : design === 'superiority' ? `H₀: pT − pC ≤ ${margin}；H₁: pT − pC > ${margin}` : `H₀: |pT − pC| ≥ ${margin}；H₁: |pT − pC| < ${margin}`;
  return {
    title: `${zh}试验的样本量（率）`,
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['研究设计', zh],
            ['检验假设', hypothesis],
            ['预期率差（试验组−对照组）', num(delta, 4)!],
            ['每组所需样本量（精确值）', num(nExact, 4)!],
            ['每组所需样本量', n],
            ['考虑脱落后每组纳入', enrol],
            ['总样本量（含脱落）', enrol * 2],
          ], ['正态近似公式（Chow, Shao & Wang 2008, 4.2），方差 p₁(1−p₁)+p₂(1−p₂)，单侧检验水准，两组等例数，结果向上取整。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: '每组样本量', planned: nExact, target: d.power })] },
      sizeGridSection((a, p) => Math.ceil(sizeOf(design, p1, p2, m, a, p) - 1e-9), { note: '每组所需样本量，未计脱落。', oneSided: true }),
      rSection(rCode),
    ],
    results: { n: nExact, nRounded: n, nEnrolled: enrol, totalEnrolled: enrol * 2, difference: delta, margin, power: d.power, alpha: d.alpha },
  };
}
