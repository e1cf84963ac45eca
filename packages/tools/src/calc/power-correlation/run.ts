import { normalCdf, powerCorrelation, tQuantile } from '@labstat/stats';
import { num } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { smallestN, solveN } from '../solve-n.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';

/**
 * Power of the test of ρ = 0 at n (R: pwr::pwr.r.test). Two-sided from the engine; one-sided is
 * pwr's `alternative = "greater"` for |r|: critical r from t, bias-corrected Fisher z of r.
 */
export function correlationPower(n: number, r: number, alpha: number, twoSided: boolean): number {
  if (twoSided) return powerCorrelation({ n, r, sigLevel: alpha }).power;
  const t = tQuantile(1 - alpha, n - 2);
  const rc = Math.sqrt((t * t) / (t * t + n - 2));
  return normalCdf((Math.atanh(r) + r / (2 * (n - 1)) - Math.atanh(rc)) * Math.sqrt(n - 3));
}

/** pwr.r.test's lower limit for n. */
const N_MIN = 4 + 1e-10;

export function run({ form }: CalcInput): ToolOutput {
  const rTyped = formNumber(form, 'r');
  const r = Math.abs(rTyped);
  if (!(r > 0 && r < 1)) throw new ToolInputError('预期相关系数不能为 0，且绝对值须小于 1');
  const d = designOf(form);
  const powerAt = (n: number, alpha = d.alpha) => correlationPower(n, r, alpha, d.twoSided);
  const nExact = solveN(powerAt, d.power, N_MIN);
  const n = Math.ceil(nExact - 1e-9);
  const enrol = inflateForDropout(nExact, d.dropout);
  const curve = curveRange(nExact).filter((x) => x >= N_MIN).map((x) => [x, powerAt(x)] as const);
  const paragraph = protocolParagraph({ design: d, basis: `预期两变量的 Pearson 相关系数 r=${rTyped}`, method: '相关系数的检验（Fisher z 变换）', n: nExact, unit: '共', groups: 1 });
  const alt = d.twoSided ? 'two.sided' : 'greater';
  return {
    title: '相关分析的样本量',
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['预期相关系数 r', rTyped],
            ['所需样本量（精确值）', num(nExact, 4)!],
            ['所需样本量', n],
            ['考虑脱落后纳入', enrol],
          ], ['按 Fisher z 变换的正态近似计算（R: pwr::pwr.r.test），结果向上取整；负相关按绝对值计算。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: '样本量', planned: nExact, target: d.power })] },
      sizeGridSection((a, p) => smallestN((x) => powerAt(x, a), p, N_MIN), { note: '所需总样本量，未计脱落。' }),
      rSection(`library(pwr)\npwr.r.test(r = ${r}, sig.level = ${d.alpha}, power = ${d.power}, alternative = "${alt}")`),
    ],
    results: { n: nExact, nRounded: n, nEnrolled: enrol, totalEnrolled: enrol, effectSize: r, power: d.power, alpha: d.alpha },
  };
}
