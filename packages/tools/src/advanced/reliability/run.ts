// 信度分析: Cronbach's alpha with item statistics (psych::alpha), McDonald's omega total from a
// one-factor ML model (factanal), and split-half reliability as SPSS (Spearman–Brown, Guttman), after
// reverse-keying the chosen items as (min + max) − x over the items' observed range.
import { cronbachAlpha, mcdonaldOmega, splitHalfReliability, StatsError, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { levelOf, requireVariables } from '../../common.js';
import { fieldList, quoted } from '../../model-input.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const FONT_FAMILY = 'Times New Roman, SimSun, serif';

/** Engine refusals (constant item, too few rows, singular matrix) as the user's error. */
export function asInputError<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`${what}：${err.message}`);
    throw err;
  }
}

/** α by the usual rule of thumb (DeVellis; 吴明隆《问卷统计分析实务》). */
export function alphaGrade(a: number): string {
  return a >= 0.9 ? '非常好' : a >= 0.8 ? '良好' : a >= 0.7 ? '可接受' : a >= 0.6 ? '勉强可接受' : '不佳';
}

function barChart(title: string, names: readonly string[], values: readonly number[], o: { yName: string; line: number; lineLabel: string; min?: number }): ReportBlock {
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      grid: { left: 70, right: 40, top: 40, bottom: 60 },
      xAxis: { type: 'category', data: [...names], axisLabel: { interval: 0, rotate: names.length > 10 ? 45 : 0 }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 50, min: o.min, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: [
        {
          type: 'bar',
          name: o.yName,
          data: values.map((v) => num(v, 3)),
          itemStyle: { color: '#409EFF' },
          label: { show: true, position: 'top', formatter: '{c}' },
          markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: '#F56C6C' }, label: { formatter: o.lineLabel }, data: [{ yAxis: num(o.line, 3) }] },
        },
      ],
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const items = fieldList(params.items);
  const reverse = fieldList(params.reverse);
  if (items.length < 2) throw new ToolInputError('请至少选择 2 个量表条目');
  requireVariables(data, [...items, ...reverse]);
  const dup = items.find((v, i) => items.indexOf(v) !== i);
  if (dup) throw new ToolInputError(`条目“${dup}”被重复选择`);
  const stray = reverse.filter((v) => !items.includes(v));
  if (stray.length > 0) throw new ToolInputError(`反向计分条目${quoted(stray)}不在所选的量表条目中，请先把它选为量表条目`);
  const level = levelOf(params);
  const split = params.split === 'odd-even' ? 'odd-even' : 'first-second';
  const raw = items.map((v) => data.numeric(v));
  const complete = Array.from({ length: data.rows }, (_, i) => i).filter((i) => raw.every((c) => c[i] !== null && Number.isFinite(c[i]!)));
  if (complete.length <= items.length)
    throw new ToolInputError(`完整观测只有 ${complete.length} 行，不多于条目数（${items.length} 个），无法估计条目间的协方差；请增加样本或减少条目`);
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of raw) for (const i of complete) {
    lo = Math.min(lo, c[i]!);
    hi = Math.max(hi, c[i]!);
  }
  const columns = raw.map((c, j) => (reverse.includes(items[j]!) ? c.map((v) => (v === null ? null : lo + hi - v)) : c));
  const a = asInputError('信度分析', () => {
    try {
      return cronbachAlpha(columns, { names: items, level });
    } catch (err) {
      if (!(err instanceof StatsError) || !/奇异|非正定/.test(err.message)) throw err;
      // Name the items whose removal makes the matrix invertible (a duplicate or a total column).
      const culprits = items.filter((_, j) => {
        try {
          cronbachAlpha(columns.filter((_, k) => k !== j), { names: items.filter((_, k) => k !== j), level });
          return true;
        } catch {
          return false;
        }
      });
      throw new ToolInputError(
        `条目间的相关矩阵奇异：${culprits.length > 0 ? `${quoted(culprits)}与其他条目线性相关（如重复的列、或总分列），请去掉其中一个条目` : '有条目可由其他条目线性表示（如重复的列、或总分列），请检查条目'}后重新分析`,
      );
    }
  });
  const sh = asInputError('分半信度', () => splitHalfReliability(columns, { names: items, split }));
  const om = items.length >= 3 ? asInputError('McDonald’s ω', () => mcdonaldOmega(columns, { names: items })) : null;
  const label = (v: string) => (reverse.includes(v) ? `${v}（反向）` : v);
  const pct = Math.round(level * 100);
  const lowItems = a.itemStatistics.filter((s) => s.correctedItemTotal < 0.3).map((s) => s.name);
  const raiseItems = a.itemStatistics.filter((s) => s.alphaIfDeleted > a.alpha + 0.005).map((s) => s.name);
  const negItems = a.itemStatistics.filter((s) => s.correctedItemTotal < 0).map((s) => s.name);
  const missingNote = a.excluded > 0 ? [`${a.excluded} 行因所选条目有缺失值未纳入分析（列表删除），分析 ${a.n} 行。`] : [];
  const reverseNote = reverse.length > 0 ? [`反向计分条目：${quoted(reverse)}，按 ${lo} + ${hi} − 原始得分反向（${lo} ~ ${hi} 为所选条目的观测取值范围）。`] : [];
  const halfNames = (h: readonly number[]) => h.map((j) => items[j]!).join('、');
  const sbUnequal = sh.halves[0].length !== sh.halves[1].length;

  const summaryRows: Array<Array<string | number | null>> = [
    ['Cronbach’s α', num(a.alpha, 3), `${num(a.ci[0], 3)} ~ ${num(a.ci[1], 3)}`, alphaGrade(a.alpha)],
    ['标准化 α（基于标准化条目）', num(a.standardizedAlpha, 3), '', ''],
    ['条目间平均相关系数', num(a.averageCorrelation, 3), '', ''],
  ];
  if (om) summaryRows.push(['McDonald’s ω（总）', num(om.omega, 3), '', alphaGrade(om.omega)]);
  summaryRows.push(
    ['分半信度：两半总分的相关系数', num(sh.correlation, 3), '', ''],
    [`分半信度：Spearman–Brown 系数${sbUnequal ? '（不等长）' : ''}`, num(sh.spearmanBrownUnequal, 3), '', alphaGrade(sh.spearmanBrownUnequal)],
    ['分半信度：Guttman 分半系数', num(sh.guttman, 3), '', alphaGrade(sh.guttman)],
  );
  const sections: ToolOutput['sections'] = [
    {
      title: '信度系数',
      blocks: [
        table('表1 信度系数汇总', ['指标', '数值', `${pct}%CI`, '评价'], summaryRows, [
          `条目数 ${items.length} 个，有效样本 ${a.n} 例。`,
          ...missingNote,
          ...reverseNote,
          `α 的置信区间按 Feldt 法（F 分布）计算，同 R 的 psych::alpha。评价参照常用标准：≥ 0.9 非常好，0.8 ~ 0.9 良好，0.7 ~ 0.8 可接受，0.6 ~ 0.7 勉强可接受，< 0.6 不佳。`,
          ...(om ? ['McDonald’s ω（总）=（Σλ）² /［（Σλ）² + Σ(1 − λ²)］，λ 为单因子最大似然因子分析（R 的 factanal）的标准化载荷；不要求各条目载荷相等（τ 等价），比 α 更稳妥。'] : []),
        ]),
      ],
    },
    {
      title: '条目分析',
      blocks: [
        table(
          '表2 条目统计与删除该条目后的信度',
          ['条目', '均数', '标准差', '删除后量表均数', '删除后量表方差', '校正的条目–总分相关', '多重相关平方', '删除后的 α'],
          a.itemStatistics.map((s) => [label(s.name), num(s.mean, 3), num(s.sd, 3), num(s.scaleMeanIfDeleted, 3), num(s.scaleVarianceIfDeleted, 3), num(s.correctedItemTotal, 3), num(s.squaredMultipleCorrelation, 3), num(s.alphaIfDeleted, 3)]),
          [
            '校正的条目–总分相关（CITC）：该条目与其余条目总分的 Pearson 相关（psych::alpha 的 r.drop，SPSS 的 Corrected Item-Total Correlation），一般要求 ≥ 0.3。',
            `删除后的 α 高于总 α（${num(a.alpha, 3)}）的条目，与其余条目的一致性较差。`,
            ...(reverse.length > 0 ? ['反向条目的统计量按反向后的得分计算。'] : []),
          ],
        ),
        barChart('图1 各条目的校正条目–总分相关（CITC）', items, a.itemStatistics.map((s) => s.correctedItemTotal), { yName: '校正条目–总分相关（CITC）', line: 0.3, lineLabel: '0.3' }),
        barChart('图2 删除各条目后的 Cronbach’s α', items, a.itemStatistics.map((s) => s.alphaIfDeleted), { yName: '删除后的 α', line: a.alpha, lineLabel: `总 α = ${num(a.alpha, 3)}`, min: Math.max(0, Math.floor(Math.min(a.alpha, minOf(a.itemStatistics.map((s) => s.alphaIfDeleted))) * 10 - 1) / 10) }),
      ],
    },
    {
      title: '分半信度',
      blocks: [
        table(
          '表3 分半信度',
          ['', '第一半', '第二半'],
          [
            ['条目', halfNames(sh.halves[0]), halfNames(sh.halves[1])],
            ['条目数', sh.halves[0].length, sh.halves[1].length],
            ['各半的 α', num(sh.alphaHalves[0], 3), num(sh.alphaHalves[1], 3)],
            ['两半总分的相关系数', num(sh.correlation, 3), ''],
            ['Spearman–Brown 系数（等长）', num(sh.spearmanBrown, 3), ''],
            ['Spearman–Brown 系数（不等长）', num(sh.spearmanBrownUnequal, 3), ''],
            ['Guttman 分半系数', num(sh.guttman, 3), ''],
          ],
          [
            `${split === 'odd-even' ? '奇偶分半：奇数号条目为第一半，偶数号条目为第二半' : '前后分半：按所选条目的顺序，前一半为第一半（条目数为奇数时多 1 个），后一半为第二半'}，同 SPSS 的 RELIABILITY /MODEL = SPLIT。`,
            'Spearman–Brown = 2r / (1 + r)；两半条目数不等时用不等长公式。Guttman 分半系数 = 2［1 −（V₁ + V₂）/ V］，V₁、V₂、V 为两半及全量表总分的方差，不要求两半方差相等。',
          ],
        ),
      ],
    },
  ];
  if (om) {
    sections.push({
      title: 'McDonald’s ω',
      blocks: [
        table(
          '表4 单因子模型的标准化载荷',
          ['条目', '标准化载荷 λ', '唯一性 1 − λ²'],
          items.map((v, j) => [label(v), num(om.loadings[j], 3), num(om.uniquenesses[j], 3)]),
          [
            '单因子最大似然因子分析（R 的 factanal(x, 1)）；ω 只在条目主要测量同一个因子时有意义，多维量表请按维度分别计算，或用验证性因子分析检验结构。',
            ...(om.converged ? [] : ['因子分析的迭代未完全收敛，ω 仅供参考。']),
          ],
        ),
      ],
    });
  }

  const grade = alphaGrade(a.alpha);
  const parts = [
    `对${quoted(items)}共 ${items.length} 个条目（有效样本 ${a.n} 例${reverse.length > 0 ? `，${quoted(reverse)}反向计分` : ''}）进行信度分析。`,
    `Cronbach’s α = ${num(a.alpha, 3)}（${pct}%CI：${num(a.ci[0], 3)} ~ ${num(a.ci[1], 3)}），标准化 α = ${num(a.standardizedAlpha, 3)}` +
      (om ? `，McDonald’s ω = ${num(om.omega, 3)}` : '') +
      `；分半信度的 Spearman–Brown 系数为 ${num(sh.spearmanBrownUnequal, 3)}，Guttman 分半系数为 ${num(sh.guttman, 3)}。量表的内部一致性${grade}。`,
    `各条目的校正条目–总分相关为 ${num(minOf(a.itemStatistics.map((s) => s.correctedItemTotal)), 3)} ~ ${num(maxOf(a.itemStatistics.map((s) => s.correctedItemTotal)), 3)}` +
      (lowItems.length > 0 ? `，其中${quoted(lowItems)}低于 0.3` : '，均不低于 0.3') +
      (raiseItems.length > 0 ? `；删除${quoted(raiseItems)}后 α 会升高。` : '；删除任一条目后 α 均未明显升高，各条目均宜保留。'),
  ];
  const caveats: string[] = [
    'α 随条目数增加而升高，条目很多时 α 高不一定代表条目同质；α 也假定各条目载荷相等（τ 等价），不满足时 α 低估信度，宜同时报告 ω。',
    '信度高只说明条目测得一致，不说明测到了想测的构念（效度），效度请用因子分析（探索性、验证性）评价。',
  ];
  if (negItems.length > 0) caveats.push(`${quoted(negItems)}与其余条目总分负相关，可能是未标为反向计分的反向条目，请核对条目方向后重新分析。`);
  if (a.alpha >= 0.95) caveats.push('α ≥ 0.95 可能提示条目内容重复冗余，可考虑精简条目。');
  if (a.n < 100) caveats.push(`样本量较小（${a.n} 例），信度系数的置信区间较宽。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: a.n,
    excluded: a.excluded,
    items: items.length,
    reversed: reverse.length,
    alpha: a.alpha,
    alphaLower: a.ci[0],
    alphaUpper: a.ci[1],
    standardizedAlpha: a.standardizedAlpha,
    averageCorrelation: a.averageCorrelation,
    omega: om ? om.omega : null,
    splitCorrelation: sh.correlation,
    spearmanBrown: sh.spearmanBrown,
    spearmanBrownUnequal: sh.spearmanBrownUnequal,
    guttman: sh.guttman,
    split,
    grade,
    lowCitc: lowItems.length,
    minCitc: minOf(a.itemStatistics.map((s) => s.correctedItemTotal)),
    maxCitc: maxOf(a.itemStatistics.map((s) => s.correctedItemTotal)),
  };
  for (const s of a.itemStatistics) {
    results[`citc.${s.name}`] = s.correctedItemTotal;
    results[`alphaIfDeleted.${s.name}`] = Number.isFinite(s.alphaIfDeleted) ? s.alphaIfDeleted : null;
  }
  return { title: `信度分析：${items.length} 个条目`, sections, results };
}
