// Confidence intervals of one proportion by five methods, and the exact binomial test against π0.
import { binomialTestP, normalQuantile, proportionCi } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Wilson score interval with continuity correction (Newcombe 1998, method 4; R prop.test(correct = TRUE)). */
export function wilsonCorrected(x: number, n: number, level: number): readonly [number, number] {
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = x / n;
  const z22n = (z * z) / (2 * n);
  const bound = (pc: number, sign: 1 | -1) => (pc + z22n + sign * z * Math.sqrt((pc * (1 - pc)) / n + z22n / (2 * n))) / (1 + 2 * z22n);
  const up = p + 0.5 / n;
  const lo = p - 0.5 / n;
  return [lo <= 0 ? 0 : bound(lo, -1), up >= 1 ? 1 : bound(up, 1)];
}

/** Agresti–Coull (“add z²/2 successes and failures”) interval, truncated to [0, 1]. */
export function agrestiCoull(x: number, n: number, level: number): readonly [number, number] {
  const z = normalQuantile(1 - (1 - level) / 2);
  const nt = n + z * z;
  const pt = (x + (z * z) / 2) / nt;
  const h = z * Math.sqrt((pt * (1 - pt)) / nt);
  return [clamp(pt - h), clamp(pt + h)];
}

export function wald(x: number, n: number, level: number): readonly [number, number] {
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = x / n;
  const h = z * Math.sqrt((p * (1 - p)) / n);
  return [clamp(p - h), clamp(p + h)];
}

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;

export function run({ form }: CalcInput): ToolOutput {
  const x = formNumber(form, 'x');
  const n = formNumber(form, 'n');
  const level = formNumber(form, 'level');
  const p0 = formNumber(form, 'p0');
  if (!Number.isInteger(x)) throw new ToolInputError('阳性例数 x 应为整数');
  if (!Number.isInteger(n)) throw new ToolInputError('总例数 n 应为整数');
  if (x > n) throw new ToolInputError('阳性例数 x 不能大于总例数 n');
  const p = x / n;
  const methods = [
    { key: 'wilson', name: 'Wilson 计分法', ci: proportionCi(x, n, 'wilson', level), note: '推荐；R：prop.test(correct = FALSE)' },
    { key: 'wilsonCc', name: 'Wilson 计分法（连续性校正）', ci: wilsonCorrected(x, n, level), note: 'R：prop.test(correct = TRUE)' },
    { key: 'clopperPearson', name: 'Clopper–Pearson 精确法', ci: proportionCi(x, n, 'clopper-pearson', level), note: '保守，覆盖率不低于名义水平；R：binom.test' },
    { key: 'agrestiCoull', name: 'Agresti–Coull 法', ci: agrestiCoull(x, n, level), note: '' },
    { key: 'wald', name: 'Wald（正态近似）法', ci: wald(x, n, level), note: 'np 与 n(1−p) 均 ≥ 5 时才可用' },
  ] as const;
  const binomP = binomialTestP(x, n, p0, 'two.sided');
  const L = `${num(level * 100, 1)}%`;
  const [wl, wu] = methods[0].ci;
  const smallWald = x < 5 || n - x < 5;
  const paragraph =
    `${n} 例中阳性 ${x} 例，阳性率为 ${pct(p)}（${L} CI：${pct(wl)}～${pct(wu)}，Wilson 计分法）。` +
    `与总体率 π0=${p0} 比较，二项分布确切检验（双侧）P${binomP < 0.001 ? '<0.001' : `=${formatP(binomP)}`}。`;
  return {
    title: '率的置信区间',
    sections: [
      {
        title: '计算结果',
        blocks: [
          table(`样本率 ${x}/${n} = ${num(p, 4)} 的 ${L} 置信区间`, ['方法', '下限', '上限', '说明'], methods.map((m) => [m.name, num(m.ci[0], 4), num(m.ci[1], 4), m.note]), [
            ...(smallWald ? [`阳性或阴性例数少于 5，Wald 区间不可靠${x === 0 || x === n ? '（x = 0 或 x = n 时宽度为 0）' : ''}，请用 Wilson 或精确法。`] : []),
            '区间超出 [0, 1] 的部分已截断。',
          ]),
          table('二项分布确切检验', ['H0', '样本率', 'P（双侧）'], [[`π = ${p0}`, num(p, 4), formatP(binomP)]]),
          text(paragraph),
        ],
      },
      rSection(
        `x <- ${x}; n <- ${n}; level <- ${level}\n` +
          `prop.test(x, n, conf.level = level, correct = FALSE)$conf.int  # Wilson\n` +
          `prop.test(x, n, conf.level = level, correct = TRUE)$conf.int   # Wilson 连续性校正\n` +
          `binom.test(x, n, conf.level = level)$conf.int                  # Clopper–Pearson\n` +
          `z <- qnorm(1 - (1 - level) / 2); nt <- n + z^2; pt <- (x + z^2 / 2) / nt\n` +
          `pt + c(-1, 1) * z * sqrt(pt * (1 - pt) / nt)                   # Agresti–Coull\n` +
          `x / n + c(-1, 1) * z * sqrt(x / n * (1 - x / n) / n)           # Wald\n` +
          `binom.test(x, n, p = ${p0})$p.value`,
      ),
    ],
    results: {
      estimate: p,
      ciLower: wl,
      ciUpper: wu,
      ...Object.fromEntries(methods.flatMap((m) => [[`${m.key}Lower`, m.ci[0]], [`${m.key}Upper`, m.ci[1]]])),
      p: binomP,
      x,
      n,
      level,
    },
  };
}
