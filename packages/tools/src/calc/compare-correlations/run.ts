// Two independent Pearson correlations compared by Fisher's z (R: psych::r.test), each r's CI as
// cor.test gives it, and the CI of the difference by Zou (2007).
import { normalQuantile, normalSf } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';

export function run({ form }: CalcInput): ToolOutput {
  const level = formNumber(form, 'level');
  const q = normalQuantile(1 - (1 - level) / 2);
  const read = (i: 1 | 2) => {
    const r = formNumber(form, `r${i}`);
    const n = formNumber(form, `n${i}`);
    if (!Number.isInteger(n)) throw new ToolInputError(`第 ${i} 组样本量应为整数`);
    const z = Math.atanh(r);
    const ci = [Math.tanh(z - q / Math.sqrt(n - 3)), Math.tanh(z + q / Math.sqrt(n - 3))] as const;
    return { r, n, z, ci };
  };
  const a = read(1);
  const b = read(2);
  const se = Math.sqrt(1 / (a.n - 3) + 1 / (b.n - 3));
  const z = (a.z - b.z) / se;
  const p = 2 * normalSf(Math.abs(z));
  const diff = a.r - b.r;
  const diffCi = [diff - Math.sqrt((a.r - a.ci[0]) ** 2 + (b.ci[1] - b.r) ** 2), diff + Math.sqrt((a.ci[1] - a.r) ** 2 + (b.r - b.ci[0]) ** 2)] as const;
  const cohenQ = a.z - b.z;
  const L = `${num(level * 100, 1)}%`;
  const pText = p < 0.001 ? 'P<0.001' : `P=${formatP(p)}`;
  const paragraph =
    `第 1 组（n=${a.n}）相关系数 r1=${a.r}（${L} CI：${num(a.ci[0], 3)}～${num(a.ci[1], 3)}），第 2 组（n=${b.n}）r2=${b.r}（${L} CI：${num(b.ci[0], 3)}～${num(b.ci[1], 3)}）。` +
    `经 Fisher z 变换比较，Z=${num(z, 3)}，${pText}，${p < 0.05 ? '两个相关系数的差异有统计学意义' : '尚不能认为两个总体相关系数不同'}（α=0.05）；` +
    `两者之差为 ${num(diff, 3)}（${L} CI：${num(diffCi[0], 3)}～${num(diffCi[1], 3)}，Zou 法），Cohen q=${num(cohenQ, 3)}。`;
  return {
    title: '两个独立相关系数的比较',
    sections: [
      {
        title: '计算结果',
        blocks: [
          table('各组相关系数及其置信区间', ['组别', 'r', 'n', 'Fisher z', `${L} CI 下限`, `${L} CI 上限`], [
            ['第 1 组', a.r, a.n, num(a.z, 4), num(a.ci[0], 4), num(a.ci[1], 4)],
            ['第 2 组', b.r, b.n, num(b.z, 4), num(b.ci[0], 4), num(b.ci[1], 4)],
          ], ['置信区间由 Fisher z 变换求得：tanh(z ± z₁₋α/₂/√(n − 3))，与 R 的 cor.test 相同。']),
          table('两个相关系数的比较', ['指标', '结果'], [
            ['Z = (z1 − z2)/√(1/(n1−3) + 1/(n2−3))', num(z, 4)],
            ['P（双侧）', formatP(p)],
            ['r1 − r2', num(diff, 4)],
            [`r1 − r2 的 ${L} CI（Zou 法）`, `${num(diffCi[0], 4)}～${num(diffCi[1], 4)}`],
            ['Cohen q = z1 − z2', num(cohenQ, 4)],
          ], ['适用于两个独立样本；同一样本中的两个相关系数（有重叠变量）需用 Steiger 或 Williams 检验。Cohen q 约 0.1、0.3、0.5 为小、中、大差异。']),
          text(paragraph),
        ],
      },
      rSection(
        `r1 <- ${a.r}; n1 <- ${a.n}; r2 <- ${b.r}; n2 <- ${b.n}; level <- ${level}\n` +
          `z <- (atanh(r1) - atanh(r2)) / sqrt(1 / (n1 - 3) + 1 / (n2 - 3)); z; 2 * pnorm(-abs(z))\n` +
          `# 或 psych::r.test(n = n1, r12 = r1, r34 = r2, n2 = n2)\n` +
          `q <- qnorm(1 - (1 - level) / 2)\n` +
          `ci <- function(r, n) tanh(atanh(r) + c(-1, 1) * q / sqrt(n - 3))\n` +
          `a <- ci(r1, n1); b <- ci(r2, n2); a; b\n` +
          `c(r1 - r2 - sqrt((r1 - a[1])^2 + (b[2] - r2)^2), r1 - r2 + sqrt((a[2] - r1)^2 + (r2 - b[1])^2))  # Zou`,
      ),
    ],
    results: {
      statistic: z,
      p,
      estimate: diff,
      ciLower: diffCi[0],
      ciUpper: diffCi[1],
      r1Lower: a.ci[0],
      r1Upper: a.ci[1],
      r2Lower: b.ci[0],
      r2Upper: b.ci[1],
      cohenQ,
      n1: a.n,
      n2: b.n,
      level,
    },
  };
}
