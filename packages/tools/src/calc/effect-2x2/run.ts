// Effect measures of a 2×2 table (exposure × outcome): OR (Woolf), RR (log), RD (Wald, Newcombe),
// NNT from the RD CI (Altman 1998), with χ² and Fisher tests. Engine: oddsRiskRatio, proportionCi,
// chiSquareTest, fisherExact.
import { chiSquareTest, fisherExact, normalQuantile, oddsRiskRatio, proportionCi } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, formNumber, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { tableAdvice } from '../chisq-rxc/advice.js';
import { rSection } from '../sample-size.js';
import { definition } from './definition.js';

const pct = (x: number, d = 1) => `${(x * 100).toFixed(d)}%`;
const r2 = (x: number) => (Number.isFinite(x) ? String(num(x, 2)) : '∞');

/**
 * NNT from a risk difference oriented so that positive is benefit (Altman 1998): NNTB or NNTH, and
 * its CI as two NNTs, or, when the CI of the difference crosses 0, as “NNTB x 至 ∞ 至 NNTH y”.
 */
export function nntOf(benefit: number, ci: readonly [number, number]) {
  const kind = benefit >= 0 ? ('NNTB' as const) : ('NNTH' as const);
  const nnt = benefit === 0 ? Infinity : 1 / Math.abs(benefit);
  const [lo, hi] = ci;
  if (lo > 0) return { kind, nnt, lower: 1 / hi, upper: 1 / lo, crosses: false, text: `NNTB ${r2(1 / hi)}～${r2(1 / lo)}` };
  if (hi < 0) return { kind, nnt, lower: 1 / Math.abs(lo), upper: 1 / Math.abs(hi), crosses: false, text: `NNTH ${r2(1 / Math.abs(lo))}～${r2(1 / Math.abs(hi))}` };
  return { kind, nnt, lower: NaN, upper: NaN, crosses: true, text: `NNTB ${r2(1 / hi)} 至 ∞ 至 NNTH ${r2(1 / Math.abs(lo))}` };
}

export function run({ rows, form }: CalcInput): ToolOutput {
  const filled = requireRows(definition, rows, 2);
  if (filled.length !== 2) throw new ToolInputError(`四格表只能有 2 行（暴露组、非暴露组），现在有 ${filled.length} 行`);
  const cell = (r: number, k: string) => cellNumber(definition, filled, r, k, { integer: true, min: 0 });
  const a = cell(0, 'event');
  const b = cell(0, 'noEvent');
  const c = cell(1, 'event');
  const d = cell(1, 'noEvent');
  const g1 = cellText(filled, 0, 'group') || '暴露组';
  const g2 = cellText(filled, 1, 'group') || '非暴露组';
  if (a + b === 0) throw new ToolInputError(`第 1 行（${g1}）的例数合计为 0`);
  if (c + d === 0) throw new ToolInputError(`第 2 行（${g2}）的例数合计为 0`);
  if (a + c === 0 || b + d === 0) throw new ToolInputError(a + c === 0 ? '两组都没有发生结局，无法计算效应量' : '两组全部发生结局，无法计算效应量');
  const level = formNumber(form, 'level');
  const caseControl = formText(form, 'design') === 'case-control';
  const adverse = formText(form, 'outcome') !== 'favourable';
  const L = `${num(level * 100, 1)}%`;
  const z = normalQuantile(1 - (1 - level) / 2);
  const t = [[a, b], [c, d]];
  const n = a + b + c + d;

  const ratio = oddsRiskRatio(t, level);
  const p1 = a / (a + b);
  const p2 = c / (c + d);
  const rd = p1 - p2;
  const seRd = Math.sqrt((p1 * (1 - p1)) / (a + b) + (p2 * (1 - p2)) / (c + d));
  const rdWald = [rd - z * seRd, rd + z * seRd] as const;
  const w1 = proportionCi(a, a + b, 'wilson', level);
  const w2 = proportionCi(c, c + d, 'wilson', level);
  const rdNewcombe = [rd - Math.sqrt((p1 - w1[0]) ** 2 + (w2[1] - p2) ** 2), rd + Math.sqrt((w1[1] - p1) ** 2 + (p2 - w2[0]) ** 2)] as const;
  // Benefit is a lower risk of an adverse outcome or a higher chance of a favourable one.
  const sign = adverse ? -1 : 1;
  const benefitCi = sign > 0 ? rdNewcombe : ([-rdNewcombe[1], -rdNewcombe[0]] as const);
  const nnt = nntOf(sign * rd, benefitCi);

  const pearson = chiSquareTest(t, { correct: false });
  const yates = chiSquareTest(t, { correct: true });
  const fisher = fisherExact(t);
  const advice = tableAdvice(pearson.expected, n);
  const chosen = advice.test === 'fisher' ? `Fisher 确切概率法 P=${formatP(fisher.pValue)}` : advice.test === 'yates' ? `连续性校正 χ²=${num(yates.statistic, 3)}，P=${formatP(yates.pValue)}` : `χ²=${num(pearson.statistic, 3)}，P=${formatP(pearson.pValue)}`;
  const adj = ratio.adjusted ? '（四格表中有 0 格，OR 与 RR 按每格加 0.5 计算）' : '';

  const effectRows: Array<Array<string | number | null>> = [['比值比 OR', num(ratio.oddsRatio, 4), num(ratio.oddsRatioCi[0], 4), num(ratio.oddsRatioCi[1], 4), 'Woolf（logit）法']];
  if (!caseControl) {
    effectRows.push(
      ['相对危险度 RR', num(ratio.riskRatio, 4), num(ratio.riskRatioCi[0], 4), num(ratio.riskRatioCi[1], 4), '对数法'],
      ['率差 RD', num(rd, 4), num(rdWald[0], 4), num(rdWald[1], 4), 'Wald 法'],
      ['率差 RD', num(rd, 4), num(rdNewcombe[0], 4), num(rdNewcombe[1], 4), 'Newcombe 计分法'],
      [`需治疗人数 ${nnt.kind}`, Number.isFinite(nnt.nnt) ? num(nnt.nnt, 2) : '∞', nnt.crosses ? null : num(nnt.lower, 2), nnt.crosses ? null : num(nnt.upper, 2), nnt.crosses ? `由 Newcombe 区间：${nnt.text}` : '由 Newcombe 区间换算'],
    );
  }

  const paragraph = caseControl
    ? `${g1}与${g2}相比，结局的比值比 OR=${r2(ratio.oddsRatio)}（${L} CI：${r2(ratio.oddsRatioCi[0])}～${r2(ratio.oddsRatioCi[1])}）${adj}；${chosen}。`
    : `${g1}结局发生率为 ${pct(p1)}（${a}/${a + b}），${g2}为 ${pct(p2)}（${c}/${c + d}）。RR=${r2(ratio.riskRatio)}（${L} CI：${r2(ratio.riskRatioCi[0])}～${r2(ratio.riskRatioCi[1])}），` +
      `OR=${r2(ratio.oddsRatio)}（${L} CI：${r2(ratio.oddsRatioCi[0])}～${r2(ratio.oddsRatioCi[1])}）${adj}，率差 RD=${pct(rd)}（${L} CI：${pct(rdNewcombe[0])}～${pct(rdNewcombe[1])}，Newcombe 法），` +
      `${Number.isFinite(nnt.nnt) ? `${nnt.kind}=${r2(nnt.nnt)}（${L} CI：${nnt.text}）` : 'NNT 为无穷大（两组发生率相同）'}；${chosen}。`;

  return {
    title: caseControl ? '比值比（病例对照研究）' : 'OR、RR、RD 与 NNT',
    sections: [
      {
        title: '四格表',
        blocks: [
          table('暴露与结局的四格表', ['组别', '结局发生', '结局未发生', '合计', '发生率'], [
            [g1, a, b, a + b, caseControl ? null : num(p1, 4)],
            [g2, c, d, c + d, caseControl ? null : num(p2, 4)],
            ['合计', a + c, b + d, n, caseControl ? null : num((a + c) / n, 4)],
          ], caseControl ? ['病例对照研究的抽样按结局进行，发生率、RR、RD 和 NNT 没有意义，只报告 OR。'] : []),
        ],
      },
      {
        title: '效应量',
        blocks: [
          table('效应量及其置信区间', ['指标', '估计值', `${L} CI 下限`, `${L} CI 上限`, '方法'], effectRows, [
            `第 1 行（${g1}）与第 2 行（${g2}）比较；RD = ${g1}发生率 − ${g2}发生率。`,
            ...(ratio.adjusted ? ['四格表中有 0 格，OR 与 RR 及其置信区间按每格加 0.5（Haldane–Anscombe）计算。'] : []),
            ...(caseControl ? [] : [`结局为${adverse ? '不利结局，发生率降低为获益' : '有利结局，发生率升高为获益'}；NNTB 为获益所需治疗人数，NNTH 为出现一例伤害所需人数；RD 的置信区间跨过 0 时按 Altman（1998）写成“NNTB x 至 ∞ 至 NNTH y”。`]),
          ]),
          text(paragraph),
        ],
      },
      {
        title: '假设检验',
        blocks: [
          table('χ² 检验与 Fisher 确切概率法', ['方法', '统计量', '自由度', 'P'], [
            ['Pearson χ²', num(pearson.statistic, 3), 1, formatP(pearson.pValue)],
            ['连续性校正 χ²（Yates）', num(yates.statistic, 3), 1, formatP(yates.pValue)],
            ['Fisher 确切概率法（双侧）', null, null, formatP(fisher.pValue)],
          ], [advice.reason]),
        ],
      },
      ...(caseControl
        ? []
        : [
            {
              title: '发生率图',
              blocks: [
                {
                  type: 'chart' as const,
                  title: '两组结局发生率',
                  option: {
                    grid: { left: 60, right: 30, top: 30, bottom: 40 },
                    tooltip: { trigger: 'axis' },
                    xAxis: { type: 'category', data: [g1, g2] },
                    yAxis: { type: 'value', name: '发生率（%）', min: 0 },
                    series: [{ type: 'bar', barWidth: '40%', data: [num(p1 * 100, 2), num(p2 * 100, 2)], label: { show: true, position: 'top', formatter: '{c}%' } }],
                  },
                },
              ],
            },
          ]),
      rSection(
        `tab <- matrix(c(${a}, ${c}, ${b}, ${d}), 2, dimnames = list(c("exposed", "unexposed"), c("event", "no_event")))\n` +
          `level <- ${level}; z <- qnorm(1 - (1 - level) / 2)\n` +
          `x <- tab${ratio.adjusted ? ' + 0.5  # 有 0 格：每格加 0.5' : ''}\n` +
          `or <- x[1, 1] * x[2, 2] / (x[1, 2] * x[2, 1]); or * exp(c(0, -1, 1) * z * sqrt(sum(1 / x)))  # OR (Woolf)\n` +
          `rr <- (x[1, 1] / sum(x[1, ])) / (x[2, 1] / sum(x[2, ]))\n` +
          `rr * exp(c(0, -1, 1) * z * sqrt(1 / x[1, 1] - 1 / sum(x[1, ]) + 1 / x[2, 1] - 1 / sum(x[2, ])))  # RR\n` +
          `p1 <- tab[1, 1] / sum(tab[1, ]); p2 <- tab[2, 1] / sum(tab[2, ]); rd <- p1 - p2\n` +
          `rd + c(0, -1, 1) * z * sqrt(p1 * (1 - p1) / sum(tab[1, ]) + p2 * (1 - p2) / sum(tab[2, ]))  # RD (Wald)\n` +
          `w1 <- prop.test(tab[1, 1], sum(tab[1, ]), conf.level = level, correct = FALSE)$conf.int\n` +
          `w2 <- prop.test(tab[2, 1], sum(tab[2, ]), conf.level = level, correct = FALSE)$conf.int\n` +
          `c(rd - sqrt((p1 - w1[1])^2 + (w2[2] - p2)^2), rd + sqrt((w1[2] - p1)^2 + (p2 - w2[1])^2))  # RD (Newcombe)\n` +
          `chisq.test(tab, correct = FALSE); chisq.test(tab); fisher.test(tab)`,
      ),
    ],
    results: {
      or: ratio.oddsRatio,
      orLower: ratio.oddsRatioCi[0],
      orUpper: ratio.oddsRatioCi[1],
      rr: caseControl ? null : ratio.riskRatio,
      rrLower: caseControl ? null : ratio.riskRatioCi[0],
      rrUpper: caseControl ? null : ratio.riskRatioCi[1],
      risk1: caseControl ? null : p1,
      risk2: caseControl ? null : p2,
      rd: caseControl ? null : rd,
      rdLower: caseControl ? null : rdWald[0],
      rdUpper: caseControl ? null : rdWald[1],
      rdNewcombeLower: caseControl ? null : rdNewcombe[0],
      rdNewcombeUpper: caseControl ? null : rdNewcombe[1],
      nnt: caseControl || !Number.isFinite(nnt.nnt) ? null : nnt.nnt,
      nntKind: caseControl ? null : nnt.kind,
      nntLower: caseControl || nnt.crosses ? null : nnt.lower,
      nntUpper: caseControl || nnt.crosses ? null : nnt.upper,
      nntCi: caseControl ? null : nnt.text,
      statistic: pearson.statistic,
      df: 1,
      p: pearson.pValue,
      yatesStatistic: yates.statistic,
      yatesP: yates.pValue,
      fisherP: fisher.pValue,
      n,
      level,
    },
  };
}
