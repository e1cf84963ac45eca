// Cohen's d ↔ r ↔ OR with their variances, Borenstein et al. 2009 (Introduction to Meta-Analysis, ch. 7).
import { normalQuantile } from '@labstat/stats';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { rNum } from '../formula-common.js';

type From = 'd' | 'r' | 'or';

const SQRT3_PI = Math.sqrt(3) / Math.PI;

/** Cohen (1988) benchmarks: small, medium, large. */
function magnitude(absValue: number, cuts: readonly [number, number, number]): string {
  return absValue < cuts[0] ? '很小' : absValue < cuts[1] ? '小' : absValue < cuts[2] ? '中等' : '大';
}

export function run({ form }: CalcInput): ToolOutput {
  const from = formText(form, 'from') as From;
  const value = formNumber(form, 'value');
  const se = formNumber(form, 'se');
  const given = formText(form, 'sizes') === 'given';
  const n1 = formNumber(form, 'n1');
  const n2 = formNumber(form, 'n2');
  if (given && (!Number.isInteger(n1) || !Number.isInteger(n2) || n1 < 1 || n2 < 1)) throw new ToolInputError('两组例数应为大于 0 的整数');
  if (from === 'r' && !(Math.abs(value) < 1)) throw new ToolInputError('相关系数 r 应在 −1 与 1 之间（不含 ±1）');
  if (from === 'or' && !(value > 0)) throw new ToolInputError('比值比 OR 必须大于 0');
  const a = given ? (n1 + n2) ** 2 / (n1 * n2) : 4;

  const vin = se * se;
  let d: number, vd: number;
  if (from === 'd') [d, vd] = [value, vin];
  else if (from === 'r') [d, vd] = [(Math.sqrt(a) * value) / Math.sqrt(1 - value * value), (a * vin) / (1 - value * value) ** 3];
  else [d, vd] = [Math.log(value) * SQRT3_PI, (vin * 3) / Math.PI ** 2];
  const toR = (x: number) => x / Math.sqrt(x * x + a);
  const toLogOr = (x: number) => x / SQRT3_PI;
  const r = toR(d);
  const logOr = toLogOr(d);
  const or = Math.exp(logOr);
  const hasSe = se > 0;
  const seD = Math.sqrt(vd);
  const seR = Math.sqrt((a * a * vd) / (d * d + a) ** 3);
  const seLogOr = Math.sqrt((vd * Math.PI ** 2) / 3);
  // The CI is normal on the d scale (equivalently ln OR, a linear map of it) and carried through
  // the monotone maps, so the three intervals describe the same uncertainty.
  const z = normalQuantile(0.975);
  const [dl, du] = [d - z * seD, d + z * seD];

  const ci = (lo: number, hi: number) => (hasSe ? `${num(lo, 3)} ～ ${num(hi, 3)}` : '—');
  const rows: Array<Array<string | number | null>> = [
    ['Cohen’s d', num(d, 4), hasSe ? num(seD, 4) : '—', ci(dl, du), magnitude(Math.abs(d), [0.2, 0.5, 0.8])],
    ['相关系数 r', num(r, 4), hasSe ? num(seR, 4) : '—', ci(toR(dl), toR(du)), magnitude(Math.abs(r), [0.1, 0.3, 0.5])],
    ['比值比 OR', num(or, 4), '—', ci(Math.exp(toLogOr(dl)), Math.exp(toLogOr(du))), '—'],
    ['ln(OR)', num(logOr, 4), hasSe ? num(seLogOr, 4) : '—', ci(toLogOr(dl), toLogOr(du)), '—'],
  ];
  const notes = [
    `a = ${given ? `(n1+n2)²/(n1·n2) = ${num(a, 4)}` : '4（两组例数相等或未知）'}。`,
    '效应大小按 Cohen（1988）：|d| 0.2/0.5/0.8、|r| 0.1/0.3/0.5 分别为小/中等/大。',
    ...(hasSe ? ['95% 置信区间在 d（即 ln OR）尺度上按正态近似计算后换算到 r 与 OR。'] : []),
    'd 与 OR 的换算假定连续结局在两组中服从方差相等的 logistic 分布（近似正态）。',
  ];
  const FROM_ZH: Record<From, string> = { d: `Cohen’s d=${value}`, r: `相关系数 r=${value}`, or: `OR=${value}` };
  const targets = [from !== 'd' && `Cohen’s d=${num(d, 3)}`, from !== 'r' && `相关系数 r=${num(r, 3)}`, from !== 'or' && `OR=${num(or, 3)}`].filter(Boolean).join('、');
  const sentence = `按 Borenstein 等（2009）的换算公式，${FROM_ZH[from]}${hasSe ? `（标准误 ${se}）` : ''} 相当于${targets}${given ? `（两组例数 ${n1} 与 ${n2}）` : ''}。`;

  const rIn = from === 'd' ? `d <- ${rNum(value)}; vd <- ${rNum(se)}^2` : from === 'r' ? `r0 <- ${rNum(value)}\nd <- sqrt(a) * r0 / sqrt(1 - r0^2); vd <- a * ${rNum(se)}^2 / (1 - r0^2)^3` : `d <- log(${rNum(value)}) * sqrt(3) / pi; vd <- ${rNum(se)}^2 * 3 / pi^2`;
  const code = [
    '# Borenstein et al. 2009, Introduction to Meta-Analysis, chapter 7',
    `a <- ${given ? `(${n1} + ${n2})^2 / (${n1} * ${n2})` : '4'}`,
    rIn,
    'r <- d / sqrt(d^2 + a); vr <- a^2 * vd / (d^2 + a)^3',
    'logOR <- d * pi / sqrt(3); vlogOR <- vd * pi^2 / 3',
    'ci_d <- d + c(-1, 1) * qnorm(0.975) * sqrt(vd)',
    'c(d = d, r = r, OR = exp(logOR), se_d = sqrt(vd), se_r = sqrt(vr), se_logOR = sqrt(vlogOR))',
    'rbind(d = ci_d, r = ci_d / sqrt(ci_d^2 + a), OR = exp(ci_d * pi / sqrt(3)))',
  ].join('\n');

  return {
    title: '效应量换算',
    sections: [
      { title: '换算结果', blocks: [table('效应量换算结果', ['效应量', '值', '标准误', '95% 置信区间', '效应大小'], rows, notes), text(sentence)] },
      rSection(code),
    ],
    results: {
      a,
      d,
      r,
      or,
      logOr,
      ...(hasSe
        ? { seD, seR, seLogOr, dCiLower: dl, dCiUpper: du, rCiLower: toR(dl), rCiUpper: toR(du), orCiLower: Math.exp(toLogOr(dl)), orCiUpper: Math.exp(toLogOr(du)) }
        : {}),
    },
  };
}
