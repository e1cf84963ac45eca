// Student and Welch t tests from two groups' mean, SD and n (the formulas behind R's t.test), the F
// test of equal variances (var.test) and Cohen's d with its noncentral-t CI.
import { fCdf, fSf, hedgesJ, nctNoncentralityInterval, tQuantile, tTwoSided } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';

export interface GroupSummary {
  mean: number;
  sd: number;
  n: number;
}

/** Two-sample t tests from summaries: pooled (Student) and Welch–Satterthwaite. */
export function tTestFromSummary(a: GroupSummary, b: GroupSummary, level: number) {
  const diff = a.mean - b.mean;
  const va = a.sd ** 2;
  const vb = b.sd ** 2;
  const df = a.n + b.n - 2;
  const sp = Math.sqrt(((a.n - 1) * va + (b.n - 1) * vb) / df);
  const se = sp * Math.sqrt(1 / a.n + 1 / b.n);
  const t = diff / se;
  const q = tQuantile(1 - (1 - level) / 2, df);
  const seW = Math.sqrt(va / a.n + vb / b.n);
  const dfW = (va / a.n + vb / b.n) ** 2 / ((va / a.n) ** 2 / (a.n - 1) + (vb / b.n) ** 2 / (b.n - 1));
  const tW = diff / seW;
  const qW = tQuantile(1 - (1 - level) / 2, dfW);
  const f = va / vb;
  const fP = Math.min(1, 2 * Math.min(fCdf(f, a.n - 1, b.n - 1), fSf(f, a.n - 1, b.n - 1)));
  const d = diff / sp;
  const ncp = nctNoncentralityInterval(t, df, level);
  const scale = Math.sqrt(1 / a.n + 1 / b.n);
  return {
    diff,
    student: { t, df, p: tTwoSided(t, df), se, ci: [diff - q * se, diff + q * se] as const },
    welch: { t: tW, df: dfW, p: tTwoSided(tW, dfW), se: seW, ci: [diff - qW * seW, diff + qW * seW] as const },
    varianceF: { f, df1: a.n - 1, df2: b.n - 1, p: fP },
    pooledSd: sp,
    d,
    dCi: [ncp[0] * scale, ncp[1] * scale] as const,
    g: d * hedgesJ(df),
  };
}

export function run({ form }: CalcInput): ToolOutput {
  const read = (i: 1 | 2): GroupSummary => {
    const g = { mean: formNumber(form, `mean${i}`), sd: formNumber(form, `sd${i}`), n: formNumber(form, `n${i}`) };
    if (!Number.isInteger(g.n)) throw new ToolInputError(`第 ${i} 组例数应为整数`);
    if (!(g.sd > 0)) throw new ToolInputError(`第 ${i} 组标准差必须大于 0`);
    return g;
  };
  const a = read(1);
  const b = read(2);
  const level = formNumber(form, 'level');
  const r = tTestFromSummary(a, b, level);
  const L = `${num(level * 100, 1)}%`;
  const equal = r.varianceF.p >= 0.05;
  const main = equal ? r.student : r.welch;
  const name = equal ? 't 检验' : "Welch t' 检验";
  const pText = (p: number) => (p < 0.001 ? 'P<0.001' : `P=${formatP(p)}`);
  const paragraph =
    `第 1 组（n=${a.n}）均数为 ${a.mean}±${a.sd}，第 2 组（n=${b.n}）为 ${b.mean}±${b.sd}。方差齐性 F 检验 F=${num(r.varianceF.f, 3)}，${pText(r.varianceF.p)}，` +
    `${equal ? '可认为两组方差齐，采用两独立样本 t 检验' : '两组方差不齐，采用 Welch 校正的 t\u2032 检验'}：t=${num(main.t, 3)}，ν=${num(main.df, 2)}，${pText(main.p)}。` +
    `两组均数差为 ${num(r.diff, 3)}（${L} CI：${num(main.ci[0], 3)}～${num(main.ci[1], 3)}），Cohen d=${num(r.d, 3)}（${L} CI：${num(r.dCi[0], 3)}～${num(r.dCi[1], 3)}），` +
    `${main.p < 0.05 ? '差异有统计学意义' : '差异无统计学意义'}（α=0.05）。`;
  const row = (label: string, s: typeof r.student) => [label, num(s.t, 4), num(s.df, 3), formatP(s.p), num(r.diff, 4), num(s.se, 4), num(s.ci[0], 4), num(s.ci[1], 4)];

  return {
    title: `两样本${name}（汇总数据）`,
    sections: [
      {
        title: '检验结果',
        blocks: [
          table('两组的汇总数据', ['组别', '例数', '均数', '标准差', '标准误'], [
            ['第 1 组', a.n, a.mean, a.sd, num(a.sd / Math.sqrt(a.n), 4)],
            ['第 2 组', b.n, b.mean, b.sd, num(b.sd / Math.sqrt(b.n), 4)],
          ]),
          table('t 检验', ['方法', 't', '自由度', 'P', '均数差', '标准误', `${L} CI 下限`, `${L} CI 上限`], [row('两独立样本 t 检验（方差齐）', r.student), row("Welch t' 检验（方差不齐）", r.welch)], [
            `方差齐性 F 检验：F = ${num(r.varianceF.f, 4)}，ν1 = ${r.varianceF.df1}，ν2 = ${r.varianceF.df2}，P = ${formatP(r.varianceF.p)}；${equal ? '方差齐，以 t 检验为准' : '方差不齐，以 Welch 检验为准'}。`,
            '均数差 = 第 1 组 − 第 2 组；双侧检验。',
          ]),
          table('效应量', ['指标', '估计值', `${L} CI 下限`, `${L} CI 上限`], [
            ['Cohen d（合并标准差）', num(r.d, 4), num(r.dCi[0], 4), num(r.dCi[1], 4)],
            ['Hedges g（小样本校正）', num(r.g, 4), null, null],
          ], [`合并标准差 = ${num(r.pooledSd, 4)}；d 的置信区间由非中心 t 分布求得。d≈0.2 小、0.5 中、0.8 大（Cohen 1988）。`]),
          text(paragraph),
        ],
      },
      rSection(
        `m1 <- ${a.mean}; s1 <- ${a.sd}; n1 <- ${a.n}; m2 <- ${b.mean}; s2 <- ${b.sd}; n2 <- ${b.n}; level <- ${level}\n` +
          `# 构造恰好具有这些均数和标准差的数据，再用 t.test\n` +
          `x <- m1 + s1 * as.numeric(scale(rnorm(n1))); y <- m2 + s2 * as.numeric(scale(rnorm(n2)))\n` +
          `t.test(x, y, var.equal = TRUE, conf.level = level)\n` +
          `t.test(x, y, var.equal = FALSE, conf.level = level)\n` +
          `var.test(x, y)\n` +
          `df <- n1 + n2 - 2; sp <- sqrt(((n1 - 1) * s1^2 + (n2 - 1) * s2^2) / df); (m1 - m2) / sp  # Cohen d\n` +
          `tt <- (m1 - m2) / (sp * sqrt(1 / n1 + 1 / n2)); a <- (1 - level) / 2\n` +
          `ncp <- function(p) uniroot(function(q) pt(tt, df, q) - p, c(tt - 20, tt + 20))$root\n` +
          `c(ncp(1 - a), ncp(a)) * sqrt(1 / n1 + 1 / n2)  # d 的置信区间`,
      ),
    ],
    results: {
      estimate: r.diff,
      ciLower: r.student.ci[0],
      ciUpper: r.student.ci[1],
      statistic: r.student.t,
      df: r.student.df,
      p: r.student.p,
      welchStatistic: r.welch.t,
      welchDf: r.welch.df,
      welchP: r.welch.p,
      welchCiLower: r.welch.ci[0],
      welchCiUpper: r.welch.ci[1],
      varianceF: r.varianceF.f,
      varianceP: r.varianceF.p,
      cohenD: r.d,
      cohenDLower: r.dCi[0],
      cohenDUpper: r.dCi[1],
      hedgesG: r.g,
      recommended: equal ? 'student' : 'welch',
      level,
    },
  };
}
