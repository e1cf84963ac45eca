import { powerAnova } from '@labstat/stats';
import { num, table } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, formNumber, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, protocolParagraph, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';
import { definition } from './definition.js';
import { smallestN, solveN } from '../solve-n.js';

/** Cohen's f from equal-n group means: the means' population SD over the common SD (Cohen 1988, 8.2.1). */
export function cohenF(means: readonly number[], sd: number): number {
  const m = means.reduce((a, b) => a + b, 0) / means.length;
  return Math.sqrt(means.reduce((a, x) => a + (x - m) ** 2, 0) / means.length) / sd;
}

export function run({ rows, form }: CalcInput): ToolOutput {
  const fromMeans = formText(form, 'mode') !== 'f';
  let k: number;
  let f: number;
  let groups: Array<[string, number]> = [];
  if (fromMeans) {
    const filled = requireRows(definition, rows, 2);
    groups = filled.map((_, i) => [cellText(filled, i, 'group') || `第 ${i + 1} 组`, cellNumber(definition, filled, i, 'mean')]);
    const sd = formNumber(form, 'sd');
    if (!(sd > 0)) throw new ToolInputError('共同标准差必须大于 0');
    k = groups.length;
    f = cohenF(groups.map((g) => g[1]), sd);
    if (!(f > 0)) throw new ToolInputError('各组预期均数全部相同，效应量为 0，无法计算样本量');
  } else {
    k = formNumber(form, 'k');
    f = formNumber(form, 'f');
    if (!Number.isInteger(k) || k < 2) throw new ToolInputError('组数必须是不小于 2 的整数');
    if (!(f > 0)) throw new ToolInputError('效应量 f 必须大于 0');
  }
  const d = designOf(form);
  const powerAt = (n: number, alpha = d.alpha) => powerAnova({ k, f, n, sigLevel: alpha }).power;
  // pwr.anova.test's lower limit for n.
  const r = { n: solveN(powerAt, d.power, 2 + 1e-10) } as const;
  const n = Math.ceil(r.n - 1e-9);
  const enrol = inflateForDropout(r.n, d.dropout);
  const curve = curveRange(r.n).map((x) => [x, powerAt(x)] as const);
  const basis = fromMeans
    ? `预期 ${k} 组均数分别为 ${groups.map((g) => g[1]).join('、')}，共同标准差 σ=${formNumber(form, 'sd')}（效应量 f=${num(f, 3)}）`
    : `预期效应量 f=${f}（${k} 组）`;
  // F tests have no direction, so the sentence names the level without 双侧.
  const paragraph = protocolParagraph({ design: d, basis, method: '单因素方差分析（F 检验）', n: r.n, unit: '每组', groups: k }).replace('按双侧检验水准', '按检验水准');
  const rCode = [
    'library(pwr)',
    ...(fromMeans ? [`means <- c(${groups.map((g) => g[1]).join(', ')}); sigma <- ${formNumber(form, 'sd')}`, 'f <- sqrt(mean((means - mean(means))^2)) / sigma'] : [`f <- ${f}`]),
    `pwr.anova.test(k = ${k}, f = f, sig.level = ${d.alpha}, power = ${d.power})`,
  ].join('\n');
  return {
    title: '单因素方差分析的样本量',
    sections: [
      {
        title: '计算结果',
        blocks: [
          ...(fromMeans ? [table('各组预期均数', ['组别', '预期均数'], groups.map(([g, m]) => [g, m]))] : []),
          sampleSizeTable([
            ['组数 k', k],
            ['效应量 f', num(f, 4)!],
            ['每组所需样本量（精确值）', num(r.n, 4)!],
            ['每组所需样本量', n],
            ['考虑脱落后每组纳入', enrol],
            ['总样本量（含脱落）', enrol * k],
          ], ['按非中心 F 分布精确计算（R: pwr::pwr.anova.test），各组例数相等，结果向上取整。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: '每组样本量', planned: r.n, target: d.power })] },
      sizeGridSection((a, p) => smallestN((x) => powerAt(x, a), p, 2), { note: '每组所需样本量，未计脱落。' }),
      rSection(rCode),
    ],
    results: { n: r.n, nRounded: n, nEnrolled: enrol, totalEnrolled: enrol * k, effectSize: f, k, power: d.power, alpha: d.alpha },
  };
}
