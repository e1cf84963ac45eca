// Poisson rates: exact CI of a rate (Garwood 1936, R poisson.test) and, for two groups, the rate
// ratio with the exact conditional (binomial) CI and test, and the rate difference (Wald).
import { binomialTestP, chisqQuantile, normalQuantile, proportionCi } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';

/** Exact (Garwood) CI of a Poisson count x, divided by the person-time t. */
export function poissonRateCi(x: number, t: number, level: number): readonly [number, number] {
  const a = (1 - level) / 2;
  return [x === 0 ? 0 : chisqQuantile(a, 2 * x) / 2 / t, chisqQuantile(1 - a, 2 * x + 2) / 2 / t];
}

const g = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(4))) : '∞');

export function run({ form }: CalcInput): ToolOutput {
  const two = formText(form, 'compare') !== 'one';
  const level = formNumber(form, 'level');
  const per = formNumber(form, 'per');
  const L = `${num(level * 100, 1)}%`;
  const unit = per === 1 ? '每人时' : `每 ${per === 10000 ? '1 万' : per === 100000 ? '10 万' : per} 人时`;
  const read = (i: 1 | 2) => {
    const x = formNumber(form, `x${i}`);
    const t = formNumber(form, `t${i}`);
    if (!Number.isInteger(x)) throw new ToolInputError(`第 ${i} 组事件数应为整数`);
    if (!(t > 0)) throw new ToolInputError(`第 ${i} 组观察人时必须大于 0`);
    const ci = poissonRateCi(x, t, level);
    return { x, t, rate: x / t, ci };
  };
  const groups = two ? [read(1), read(2)] : [read(1)];
  const rateRows = groups.map((s, i) => [two ? `第 ${i + 1} 组` : '发生率', s.x, s.t, num(s.rate * per, 4), num(s.ci[0] * per, 4), num(s.ci[1] * per, 4)]);
  const rateText = (s: (typeof groups)[number]) => `${g(s.rate * per)}/${unit.replace('每 ', '').replace('每', '')}（${L} CI：${g(s.ci[0] * per)}～${g(s.ci[1] * per)}）`;

  const rCode = [`level <- ${level}`, `poisson.test(${groups[0]!.x}, ${groups[0]!.t}, conf.level = level)  # 第 1 组率及精确置信区间（每人时）`];
  const results: Record<string, number | string | null> = {
    rate1: groups[0]!.rate * per,
    rate1Lower: groups[0]!.ci[0] * per,
    rate1Upper: groups[0]!.ci[1] * per,
    per,
    level,
  };
  const blocks = [table(`发生率（${unit}）及 ${L} 精确置信区间`, ['组别', '事件数', '观察人时', '发生率', 'CI 下限', 'CI 上限'], rateRows, ['置信区间按 Poisson 分布精确计算（Garwood 法，R：poisson.test）。'])];
  let paragraph = `观察 ${g(groups[0]!.t)} 人时，发生 ${groups[0]!.x} 例事件，发生率为 ${rateText(groups[0]!)}。`;

  if (two) {
    const [a, b] = groups as [(typeof groups)[number], (typeof groups)[number]];
    if (a.x + b.x === 0) throw new ToolInputError('两组事件数都为 0，无法比较发生率');
    const pi = a.t / (a.t + b.t);
    const bci = proportionCi(a.x, a.x + b.x, 'clopper-pearson', level);
    const toRatio = (p: number) => (p >= 1 ? Infinity : (p / (1 - p)) * (b.t / a.t));
    const ratio = b.x === 0 ? Infinity : a.rate / b.rate;
    const ratioCi = [toRatio(bci[0]), toRatio(bci[1])] as const;
    const p = binomialTestP(a.x, a.x + b.x, pi, 'two.sided');
    const z = normalQuantile(1 - (1 - level) / 2);
    const rd = a.rate - b.rate;
    const seRd = Math.sqrt(a.x / a.t ** 2 + b.x / b.t ** 2);
    const rdCi = [rd - z * seRd, rd + z * seRd] as const;
    blocks.push(
      table('两组发生率的比较', ['指标', '估计值', `${L} CI 下限`, `${L} CI 上限`, '方法'], [
        ['率比 IRR（第 1 组/第 2 组）', num(ratio, 4), num(ratioCi[0], 4), num(ratioCi[1], 4), '条件二项精确法'],
        [`率差（${unit}）`, num(rd * per, 4), num(rdCi[0] * per, 4), num(rdCi[1] * per, 4), 'Wald 法'],
      ], [`H0：两组发生率相等，条件二项分布精确检验（R：poisson.test），双侧 P = ${formatP(p)}。`, ...(b.x === 0 ? ['第 2 组事件数为 0，率比为无穷大。'] : [])]),
    );
    paragraph =
      `第 1 组观察 ${g(a.t)} 人时，发生 ${a.x} 例事件，发生率为 ${rateText(a)}；第 2 组观察 ${g(b.t)} 人时，发生 ${b.x} 例，发生率为 ${rateText(b)}。` +
      `率比 IRR=${g(ratio)}（${L} CI：${g(ratioCi[0])}～${g(ratioCi[1])}），率差为 ${g(rd * per)}/${unit.replace('每 ', '').replace('每', '')}（${L} CI：${g(rdCi[0] * per)}～${g(rdCi[1] * per)}）；` +
      `两组发生率比较的精确检验 P${p < 0.001 ? '<0.001' : `=${formatP(p)}`}，${p < 0.05 ? '差异有统计学意义' : '差异无统计学意义'}。`;
    rCode.push(
      `poisson.test(${b.x}, ${b.t}, conf.level = level)  # 第 2 组`,
      `poisson.test(c(${a.x}, ${b.x}), c(${a.t}, ${b.t}), conf.level = level)  # 率比、精确置信区间和 P`,
      `rd <- ${a.x} / ${a.t} - ${b.x} / ${b.t}; rd + c(-1, 1) * qnorm(1 - (1 - level) / 2) * sqrt(${a.x} / ${a.t}^2 + ${b.x} / ${b.t}^2)  # 率差`,
    );
    Object.assign(results, {
      rate2: b.rate * per,
      rate2Lower: b.ci[0] * per,
      rate2Upper: b.ci[1] * per,
      estimate: Number.isFinite(ratio) ? ratio : null,
      ciLower: ratioCi[0],
      ciUpper: Number.isFinite(ratioCi[1]) ? ratioCi[1] : null,
      p,
      rateDifference: rd * per,
      rateDifferenceLower: rdCi[0] * per,
      rateDifferenceUpper: rdCi[1] * per,
    });
  }
  blocks.push(text(paragraph));
  return {
    title: two ? '两个发生率的比较' : '发生率的置信区间',
    sections: [{ title: '计算结果', blocks }, rSection(rCode.join('\n'))],
    results,
  };
}
