import type { ReportBlock } from '@labstat/contracts';
import { diagnosticSampleSize, normalQuantile } from '@labstat/stats';
import { num, table } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { curveRange, inflateForDropout, rSection, sampleSizeTable } from '../sample-size.js';

const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;

/** Half-width of the normal-approximation interval for a proportion p estimated from m subjects. */
export const halfWidth = (z: number, p: number, m: number) => z * Math.sqrt((p * (1 - p)) / m);

/** Precision against total n (a precision design has no power; this is its curve). */
function precisionChart(points: Array<[number, number, number]>, planned: number, target: number): ReportBlock {
  return {
    type: 'chart',
    title: '精度曲线',
    option: {
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'value', name: '总样本量', nameLocation: 'middle', nameGap: 30, min: 'dataMin' },
      yAxis: { type: 'value', name: '置信区间半宽' },
      series: [
        {
          name: '灵敏度',
          type: 'line',
          showSymbol: false,
          data: points.map(([n, se]) => [n, Number(se.toFixed(4))]),
          markLine: { symbol: 'none', lineStyle: { type: 'dashed' }, data: [{ xAxis: Math.ceil(planned - 1e-9), name: '所需样本量' }, { yAxis: target, name: '允许误差' }] },
        },
        { name: '特异度', type: 'line', showSymbol: false, data: points.map(([n, , sp]) => [n, Number(sp.toFixed(4))]) },
      ],
    },
  };
}

export function run({ form }: CalcInput): ToolOutput {
  const se = formNumber(form, 'sensitivity');
  const sp = formNumber(form, 'specificity');
  const prev = formNumber(form, 'prevalence');
  const d = formNumber(form, 'precision');
  const level = formNumber(form, 'level');
  const dropout = formNumber(form, 'dropout') / 100;
  if (!(se > 0 && se < 1) || !(sp > 0 && sp < 1)) throw new ToolInputError('预期灵敏度和特异度必须在 0 到 1 之间（不含 0 和 1）');
  if (!(prev > 0 && prev < 1)) throw new ToolInputError('患病率必须在 0 到 1 之间（不含 0 和 1）');
  if (!(d > 0)) throw new ToolInputError('允许误差必须大于 0');
  if (!(level > 0 && level < 1)) throw new ToolInputError('置信水平必须在 0 到 1 之间');
  const r = diagnosticSampleSize({ sensitivity: se, specificity: sp, prevalence: prev, precision: d, level });
  const z = normalQuantile(1 - (1 - level) / 2);
  const n = Math.ceil(r.n - 1e-9);
  const enrol = inflateForDropout(r.n, dropout);
  const diseased = Math.ceil(r.n * prev - 1e-9);
  const nonDiseased = Math.ceil(r.n * (1 - prev) - 1e-9);
  const driver = r.nForSensitivity >= r.nForSpecificity ? '灵敏度' : '特异度';
  const curve = curveRange(r.n).map((x) => [x, halfWidth(z, se, x * prev), halfWidth(z, sp, x * (1 - prev))] as [number, number, number]);
  const drop = dropout > 0 ? `；考虑 ${pct(dropout)} 的脱落（或无法判读）率，需纳入 ${enrol} 例` : '';
  const paragraph =
    `预期诊断试验的灵敏度为 ${pct(se)}、特异度为 ${pct(sp)}，目标人群患病率为 ${pct(prev)}，要求灵敏度和特异度的 ${pct(level)} 置信区间半宽不超过 ${d}。` +
    `按 Buderer 法计算，估计灵敏度需 ${Math.ceil(r.nForSensitivity - 1e-9)} 例、估计特异度需 ${Math.ceil(r.nForSpecificity - 1e-9)} 例，取较大者，共需 ${n} 例（其中患者约 ${diseased} 例、非患者约 ${nonDiseased} 例）${drop}。`;
  const rCode = [
    `se <- ${se}; sp <- ${sp}; prev <- ${prev}; d <- ${d}; z <- qnorm(1 - (1 - ${level}) / 2)`,
    'n_se <- z^2 * se * (1 - se) / (d^2 * prev)        # 估计灵敏度所需总例数',
    'n_sp <- z^2 * sp * (1 - sp) / (d^2 * (1 - prev))  # 估计特异度所需总例数',
    'c(n_se = n_se, n_sp = n_sp, n = max(n_se, n_sp))',
  ].join('\n');
  return {
    title: '诊断试验的样本量',
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['估计灵敏度所需总例数（精确值）', num(r.nForSensitivity, 4)!],
            ['估计特异度所需总例数（精确值）', num(r.nForSpecificity, 4)!],
            ['所需总样本量', n],
            ['其中患者', diseased],
            ['其中非患者', nonDiseased],
            ['考虑脱落后纳入', enrol],
          ], [`取两者中较大者（由${driver}决定）；n = z²·p(1−p)/(d²·患病率)，特异度用 1−患病率，结果向上取整。`]),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '精度曲线', blocks: [precisionChart(curve, r.n, d)] },
      {
        title: '不同允许误差下的样本量',
        blocks: [
          table('不同允许误差与置信水平下的总样本量', ['允许误差 d', '90%', '95%', '99%'], [0.03, 0.05, 0.07, 0.1].map((dd) => [
            dd,
            ...[0.9, 0.95, 0.99].map((lv) => Math.ceil(diagnosticSampleSize({ sensitivity: se, specificity: sp, prevalence: prev, precision: dd, level: lv }).n - 1e-9)),
          ]), ['所需总样本量，未计脱落。']),
        ],
      },
      rSection(rCode),
    ],
    results: { n: r.n, nRounded: n, nEnrolled: enrol, totalEnrolled: enrol, nForSensitivity: r.nForSensitivity, nForSpecificity: r.nForSpecificity, diseased, nonDiseased, precision: d, level },
  };
}
