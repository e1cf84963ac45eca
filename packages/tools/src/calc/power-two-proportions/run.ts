import { normalCdf, normalQuantile, powerPropTest } from '@labstat/stats';
import { num } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, type DesignParams, sizeGridSection } from '../sample-size.js';

/**
 * Two proportions with n₂ = k·n₁ by the normal approximation (Fleiss, Levin & Paik 2003, 4.19):
 * √n₁·|p₁−p₂| = z_α·√(p̄q̄(1+1/k)) + z_β·√(p₁q₁ + p₂q₂/k), p̄ = (p₁ + k·p₂)/(1+k). With k = 1 it is
 * exactly what power.prop.test solves (its power ignores the far tail, as here).
 */
export function allocationModel(p1: number, p2: number, k: number, alpha: number, twoSided: boolean) {
  const d = Math.abs(p1 - p2);
  const pbar = (p1 + k * p2) / (1 + k);
  const s0 = Math.sqrt(pbar * (1 - pbar) * (1 + 1 / k));
  const s1 = Math.sqrt(p1 * (1 - p1) + (p2 * (1 - p2)) / k);
  const za = normalQuantile(1 - alpha / (twoSided ? 2 : 1));
  // Fleiss, Tytun & Ury (1980): n' = n/4·(1 + √(1 + c/n)), c = 2(k+1)/(k·d); inverted, n = (n' − c/4)²/n'.
  const c = (2 * (k + 1)) / (k * d);
  return {
    n1: (power: number) => (za * s0 + normalQuantile(power) * s1) ** 2 / (d * d),
    power: (n1: number) => normalCdf((Math.sqrt(n1) * d - za * s0) / s1),
    corrected: (n1: number) => (n1 / 4) * (1 + Math.sqrt(1 + c / n1)) ** 2,
    uncorrected: (n1cc: number) => (n1cc > c / 4 ? (n1cc - c / 4) ** 2 / n1cc : 0),
  };
}

const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;

/** The protocol sentence for unequal groups (protocolParagraph speaks of 每组). */
function unequalParagraph(d: DesignParams, basis: string, method: string, n1: number, n2: number, k: number): string {
  const [a, b] = [Math.ceil(n1 - 1e-9), Math.ceil(n2 - 1e-9)];
  const [ea, eb] = [inflateForDropout(n1, d.dropout), inflateForDropout(n2, d.dropout)];
  const drop = d.dropout > 0 ? `；考虑 ${pct(d.dropout)} 的脱落率，对照组需纳入 ${ea} 例、试验组需纳入 ${eb} 例，共 ${ea + eb} 例` : `，共 ${a + b} 例`;
  return `${basis}，试验组与对照组按 ${k}:1 分配，按${d.twoSided ? '双侧' : '单侧'}检验水准 α=${d.alpha}、把握度 ${pct(d.power)}，采用${method}计算，对照组需 ${a} 例、试验组需 ${b} 例${drop}。`;
}

export function run({ form }: CalcInput): ToolOutput {
  const p1 = formNumber(form, 'p1');
  const p2 = formNumber(form, 'p2');
  const k = formNumber(form, 'ratio');
  const cc = form.correction === true;
  if (!(p1 > 0 && p1 < 1) || !(p2 > 0 && p2 < 1)) throw new ToolInputError('预期率必须在 0 到 1 之间（不含 0 和 1），如 30% 填 0.3');
  if (p1 === p2) throw new ToolInputError('两组预期率不能相等');
  if (!(k > 0)) throw new ToolInputError('分配比必须大于 0');
  const d = designOf(form);
  const alternative = d.twoSided ? 'two-sided' : 'one-sided';
  const m = allocationModel(p1, p2, k, d.alpha, d.twoSided);
  const equal = k === 1;
  // Equal groups: the engine's power.prop.test, so the number is the one the R block prints.
  const nPlain = equal ? powerPropTest({ p1, p2, sigLevel: d.alpha, power: d.power, alternative }).n : m.n1(d.power);
  const n1 = cc ? m.corrected(nPlain) : nPlain;
  const n2 = k * n1;
  const [r1, r2] = [Math.ceil(n1 - 1e-9), Math.ceil(n2 - 1e-9)];
  const [e1, e2] = [inflateForDropout(n1, d.dropout), inflateForDropout(n2, d.dropout)];
  const h = Math.abs(2 * Math.asin(Math.sqrt(p2)) - 2 * Math.asin(Math.sqrt(p1)));
  const powerAt = (x: number) => m.power(cc ? m.uncorrected(x) : x);
  const curve = curveRange(n1).map((x) => [x, powerAt(x)] as const);
  const method = `两样本率比较的正态近似法${cc ? '（Fleiss 连续性校正）' : ''}`;
  const basis = `预期对照组率 ${pct(p1)}、试验组率 ${pct(p2)}（差值 ${num(Math.abs(p2 - p1) * 100, 1)} 个百分点）`;
  const paragraph = equal ? protocolParagraph({ design: d, basis, method, n: n1, unit: '每组', groups: 2 }) : unequalParagraph(d, basis, method, n1, n2, k);
  const sizeAt = (power: number, alpha: number) => {
    const mm = allocationModel(p1, p2, k, alpha, d.twoSided);
    const n = mm.n1(power);
    return Math.ceil((cc ? mm.corrected(n) : n) - 1e-9);
  };
  const propTest = `power.prop.test(p1 = ${p1}, p2 = ${p2}, sig.level = ${d.alpha}, power = ${d.power},\n                alternative = "${d.twoSided ? 'two.sided' : 'one.sided'}")`;
  // power.prop.test alone reproduces equal groups; the formula covers unequal groups and the correction.
  const rCode = equal && !cc ? propTest : [
    ...(equal ? [propTest] : []),
    `# 分配比 k = n2/n1 的正态近似公式${cc ? '及 Fleiss 连续性校正' : ''}`,
    `p1 <- ${p1}; p2 <- ${p2}; k <- ${k}; alpha <- ${d.alpha}; power <- ${d.power}`,
    `za <- qnorm(1 - alpha / ${d.twoSided ? 2 : 1}); zb <- qnorm(power); d <- abs(p1 - p2)`,
    'pbar <- (p1 + k * p2) / (1 + k)',
    'n1 <- (za * sqrt(pbar * (1 - pbar) * (1 + 1 / k)) + zb * sqrt(p1 * (1 - p1) + p2 * (1 - p2) / k))^2 / d^2',
    ...(cc ? ['n1 <- n1 / 4 * (1 + sqrt(1 + 2 * (k + 1) / (k * n1 * d)))^2'] : []),
    'c(n1 = n1, n2 = k * n1)',
  ].join('\n');
  return {
    title: '两样本率比较的样本量',
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['对照组预期率 p₁', p1],
            ['试验组预期率 p₂', p2],
            ['效应量 h（Cohen）', num(h, 4)!],
            ['分配比（试验组:对照组）', `${k}:1`],
            [equal ? '每组所需样本量（精确值）' : '对照组所需样本量（精确值）', num(n1, 4)!],
            ...(equal ? ([['每组所需样本量', r1], ['考虑脱落后每组纳入', e1]] as Array<[string, number]>) : ([['对照组所需样本量', r1], ['试验组所需样本量', r2], ['考虑脱落后对照组纳入', e1], ['考虑脱落后试验组纳入', e2]] as Array<[string, number]>)),
            ['总样本量（含脱落）', e1 + e2],
          ], [`正态近似法${equal ? '（与 R 的 power.prop.test 一致）' : '，试验组例数 = k × 对照组例数'}${cc ? '，含 Fleiss 连续性校正' : ''}，结果向上取整。`]),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: equal ? '每组样本量' : '对照组样本量', planned: n1, target: d.power })] },
      sizeGridSection((a, p) => sizeAt(p, a), { note: `${equal ? '每组' : '对照组'}所需样本量，未计脱落。` }),
      rSection(rCode),
    ],
    results: { n: n1, n2, nRounded: r1, n2Rounded: r2, nEnrolled: e1, n2Enrolled: e2, totalEnrolled: e1 + e2, effectSize: h, ratio: k, power: d.power, alpha: d.alpha },
  };
}
