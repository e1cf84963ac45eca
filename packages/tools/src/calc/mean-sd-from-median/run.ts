// Mean and SD from the median and the range and/or IQR: Wan et al. 2014 (BMC Med Res Methodol
// 14:135) for the SD and, by choice, the mean; Luo et al. 2018 (Stat Methods Med Res 27:1785) for
// the weighted mean. S1 = min/median/max, S2 = Q1/median/Q3, S3 = all five.
import { normalQuantile } from '@labstat/stats';
import { md, markdownText, mdJoin, num, table } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { rNum } from '../formula-common.js';
import { definition } from './definition.js';

type Scenario = 'S1' | 'S2' | 'S3';
const SCENARIO_ZH: Record<Scenario, string> = { S1: '中位数 + 极差', S2: '中位数 + 四分位数', S3: '中位数 + 四分位数 + 极差' };

const xi = (n: number) => 2 * normalQuantile((n - 0.375) / (n + 0.25));
const eta = (n: number) => 2 * normalQuantile((0.75 * n - 0.125) / (n + 0.25));

interface Summary {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export function wanMean(s: Summary, sc: Scenario): number {
  if (sc === 'S1') return (s.min + 2 * s.median + s.max) / 4;
  if (sc === 'S2') return (s.q1 + s.median + s.q3) / 3;
  return (s.min + 2 * s.q1 + 2 * s.median + 2 * s.q3 + s.max) / 8;
}

export function luoMean(s: Summary, sc: Scenario): number {
  const { n } = s;
  if (sc === 'S1') {
    const w = 4 / (4 + n ** 0.75);
    return (w * (s.min + s.max)) / 2 + (1 - w) * s.median;
  }
  if (sc === 'S2') {
    const w = 0.7 + 0.39 / n;
    return (w * (s.q1 + s.q3)) / 2 + (1 - w) * s.median;
  }
  const w1 = 2.2 / (2.2 + n ** 0.75);
  const w2 = 0.7 - 0.72 / n ** 0.55;
  return (w1 * (s.min + s.max)) / 2 + (w2 * (s.q1 + s.q3)) / 2 + (1 - w1 - w2) * s.median;
}

export function wanSd(s: Summary, sc: Scenario): number {
  if (sc === 'S1') return (s.max - s.min) / xi(s.n);
  if (sc === 'S2') return (s.q3 - s.q1) / eta(s.n);
  return (s.max - s.min) / (2 * xi(s.n)) + (s.q3 - s.q1) / (2 * eta(s.n));
}

function readRow(rows: CalcInput['rows'], i: number): { summary: Summary; scenario: Scenario } {
  const n = cellNumber(definition, rows, i, 'n', { integer: true, min: 3 });
  const median = cellNumber(definition, rows, i, 'median');
  const [min, q1, q3, max] = (['min', 'q1', 'q3', 'max'] as const).map((k) => cellNumber(definition, rows, i, k, { optional: true })) as [number, number, number, number];
  const has = (x: number) => !Number.isNaN(x);
  const where = `第 ${i + 1} 行`;
  if (has(min) !== has(max)) throw new ToolInputError(`${where}的最小值和最大值应同时填写`);
  if (has(q1) !== has(q3)) throw new ToolInputError(`${where}的 Q1 和 Q3 应同时填写`);
  if (!has(min) && !has(q1)) throw new ToolInputError(`${where}除中位数外，还需要填写最小值和最大值，或 Q1 和 Q3`);
  const ordered = [min, q1, median, q3, max].filter(has);
  if (ordered.some((x, k) => k > 0 && x < ordered[k - 1]!)) throw new ToolInputError(`${where}的数值应满足 最小值 ≤ Q1 ≤ 中位数 ≤ Q3 ≤ 最大值`);
  if (ordered[0] === ordered[ordered.length - 1]) throw new ToolInputError(`${where}的数值全部相同，无法估计标准差`);
  const scenario: Scenario = has(min) && has(q1) ? 'S3' : has(min) ? 'S1' : 'S2';
  return { summary: { n, min, q1, median, q3, max }, scenario };
}

export function run({ rows, form }: CalcInput): ToolOutput {
  const filled = requireRows(definition, rows);
  const method = formText(form, 'meanMethod') === 'luo' ? 'luo' : 'wan';
  const estimates = filled.map((_, i) => {
    const { summary, scenario } = readRow(filled, i);
    const name = cellText(filled, i, 'group') || `第 ${i + 1} 行`;
    return { name, summary, scenario, mean: method === 'luo' ? luoMean(summary, scenario) : wanMean(summary, scenario), sd: wanSd(summary, scenario) };
  });
  const shown = (x: number) => (Number.isNaN(x) ? '—' : x);
  const rowsOut = estimates.map((e) => [
    e.name,
    e.summary.n,
    shown(e.summary.min),
    shown(e.summary.q1),
    e.summary.median,
    shown(e.summary.q3),
    shown(e.summary.max),
    SCENARIO_ZH[e.scenario],
    num(e.mean, 3),
    num(e.sd, 3),
  ]);
  const meanRef = method === 'luo' ? 'Luo 等（2018）' : 'Wan 等（2014）';
  const methodsParagraph = md`对于仅报告中位数及四分位数间距和/或最小值、最大值的研究，采用 ${meanRef}的方法估计均数，采用 Wan 等（2014）的方法估计标准差，再与其他研究的均数和标准差合并。`;
  const lines = estimates.map((e) => md`- ${e.name}：均数 ± 标准差 = ${num(e.mean, 2)} ± ${num(e.sd, 2)}（n=${e.summary.n}，${SCENARIO_ZH[e.scenario]}）`);
  const notes = [
    `均数：${meanRef}；标准差：Wan 等（2014）。`,
    '这些方法假定数据近似正态分布；若中位数明显偏离四分位数或极差的中点（数据明显偏态），估计值偏差较大，宜在敏感性分析中排除这些研究。',
  ];

  const rLines = [
    '# Wan et al. 2014 (BMC Med Res Methodol 14:135); Luo et al. 2018 (Stat Methods Med Res 27:1785)',
    'xi  <- function(n) 2 * qnorm((n - 0.375) / (n + 0.25))',
    'eta <- function(n) 2 * qnorm((0.75 * n - 0.125) / (n + 0.25))',
    ...estimates.map(({ summary: s, scenario }) => {
      const [a, b, q1, q3, m, n] = [s.min, s.max, s.q1, s.q3, s.median, s.n].map((x) => (Number.isNaN(x) ? 'NA' : rNum(x)));
      const mean =
        method === 'wan'
          ? { S1: `(${a} + 2 * ${m} + ${b}) / 4`, S2: `(${q1} + ${m} + ${q3}) / 3`, S3: `(${a} + 2 * ${q1} + 2 * ${m} + 2 * ${q3} + ${b}) / 8` }[scenario]
          : {
              S1: `{ w <- 4 / (4 + ${n}^0.75); w * (${a} + ${b}) / 2 + (1 - w) * ${m} }`,
              S2: `{ w <- 0.7 + 0.39 / ${n}; w * (${q1} + ${q3}) / 2 + (1 - w) * ${m} }`,
              S3: `{ w1 <- 2.2 / (2.2 + ${n}^0.75); w2 <- 0.7 - 0.72 / ${n}^0.55; w1 * (${a} + ${b}) / 2 + w2 * (${q1} + ${q3}) / 2 + (1 - w1 - w2) * ${m} }`,
            }[scenario];
      const sd = { S1: `(${b} - ${a}) / xi(${n})`, S2: `(${q3} - ${q1}) / eta(${n})`, S3: `(${b} - ${a}) / (2 * xi(${n})) + (${q3} - ${q1}) / (2 * eta(${n}))` }[scenario];
      return `c(mean = ${mean}, sd = ${sd})`;
    }),
  ];

  const results: ToolOutput['results'] = { rows: estimates.length };
  estimates.forEach((e, i) => {
    results[`mean.${i + 1}`] = e.mean;
    results[`sd.${i + 1}`] = e.sd;
    results[`scenario.${i + 1}`] = e.scenario;
  });
  return {
    title: '由中位数估计均数和标准差',
    sections: [
      {
        title: '估计结果',
        blocks: [
          table('均数与标准差的估计', ['研究/组别', 'n', '最小值', 'Q1', '中位数', 'Q3', '最大值', '已知信息', '估计均数', '估计标准差'], rowsOut, notes),
          markdownText(methodsParagraph, mdJoin(lines, '\n')),
        ],
      },
      rSection(rLines.join('\n')),
    ],
    results,
  };
}
