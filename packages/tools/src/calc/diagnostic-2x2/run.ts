// 2×2 diagnostic accuracy from typed counts; the engine's diagnosticAccuracy does the arithmetic.
import { diagnosticAccuracy, type Estimate, type ProportionCiMethod } from '@labstat/stats';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, formNumber, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { definition } from './definition.js';

const METHOD_ZH: Record<ProportionCiMethod, string> = { 'clopper-pearson': 'Clopper–Pearson 精确法', wilson: 'Wilson 计分法' };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function run({ rows, form }: CalcInput): ToolOutput {
  const filled = requireRows(definition, rows, 2);
  if (filled.length !== 2) throw new ToolInputError(`四格表只能有 2 行（检测阳性、检测阴性），现在有 ${filled.length} 行`);
  const cell = (r: number, k: string) => cellNumber(definition, filled, r, k, { integer: true, min: 0 });
  const tp = cell(0, 'diseased');
  const fp = cell(0, 'healthy');
  const fn = cell(1, 'diseased');
  const tn = cell(1, 'healthy');
  const method = formText(form, 'method') as ProportionCiMethod;
  const level = formNumber(form, 'level');
  const r = diagnosticAccuracy({ truePositive: tp, falsePositive: fp, falseNegative: fn, trueNegative: tn }, { method, level });
  const L = `${num(level * 100, 1)}%`;

  const line = (name: string, e: Estimate | null, note = ''): Array<string | number | null> =>
    e ? [name, num(e.estimate, 4), num(e.ci[0], 4), num(e.ci[1], 4)] : [name, note || '无法计算', null, null];
  const lrNote = (x: number) => (x === 0 ? '分子为 0，无法计算' : '分母为 0，无法计算');
  const shown = (e: Estimate) => (Number.isFinite(e.estimate) ? `${pct(e.estimate)}（${L} CI：${pct(e.ci[0])}～${pct(e.ci[1])}）` : '无法计算');
  const ratio = (e: Estimate | null) => (e ? `${num(e.estimate, 2)}（${L} CI：${num(e.ci[0], 2)}～${num(e.ci[1], 2)}）` : '无法计算（四格表中有 0 格）');

  const paragraph =
    `以金标准为参照，共纳入 ${tp + fp + fn + tn} 例（金标准阳性 ${tp + fn} 例，阴性 ${fp + tn} 例）。该检测的灵敏度为 ${shown(r.sensitivity)}，特异度为 ${shown(r.specificity)}，` +
    `阳性预测值为 ${shown(r.ppv)}，阴性预测值为 ${shown(r.npv)}，准确度为 ${shown(r.accuracy)}；阳性似然比为 ${ratio(r.lrPositive)}，阴性似然比为 ${ratio(r.lrNegative)}，约登指数为 ${num(r.youden, 3)}。` +
    `率的置信区间采用${METHOD_ZH[method]}，似然比的置信区间采用对数法。`;

  const flat = (prefix: string, e: Estimate | null) => ({ [prefix]: e?.estimate ?? null, [`${prefix}Lower`]: e?.ci[0] ?? null, [`${prefix}Upper`]: e?.ci[1] ?? null });
  const finite = (o: Record<string, number | null>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v !== null && Number.isFinite(v) ? v : null]));
  const rMethod = method === 'wilson' ? 'prop.test(x, n, conf.level = level, correct = FALSE)$conf.int' : 'binom.test(x, n, conf.level = level)$conf.int';

  return {
    title: '诊断试验评价',
    sections: [
      {
        title: '四格表',
        blocks: [
          table('诊断试验与金标准的四格表', ['检测结果', '金标准阳性', '金标准阴性', '合计'], [
            ['检测阳性', tp, fp, tp + fp],
            ['检测阴性', fn, tn, fn + tn],
            ['合计', tp + fn, fp + tn, tp + fp + fn + tn],
          ]),
        ],
      },
      {
        title: '诊断试验评价指标',
        blocks: [
          table('诊断准确性指标', ['指标', '估计值', `${L} CI 下限`, `${L} CI 上限`], [
            line('灵敏度', r.sensitivity),
            line('特异度', r.specificity),
            line('阳性预测值（PPV）', r.ppv),
            line('阴性预测值（NPV）', r.npv),
            line('准确度', r.accuracy),
            line('患病率（样本中）', r.prevalence),
            line('阳性似然比（LR+）', r.lrPositive, lrNote(tp === 0 ? 0 : 1)),
            line('阴性似然比（LR−）', r.lrNegative, lrNote(fn === 0 ? 0 : 1)),
            ['约登指数', num(r.youden, 4), null, null],
          ], [
            `率的置信区间：${METHOD_ZH[method]}；似然比的置信区间：对数法（Simel 等，1991）。`,
            '预测值只在与本样本相同的患病率下成立；患病率不同时请用似然比或按贝叶斯公式换算。',
          ]),
          text(paragraph),
        ],
      },
      rSection(
        `tp <- ${tp}; fp <- ${fp}; fn <- ${fn}; tn <- ${tn}; level <- ${level}\n` +
          `ci <- function(x, n) ${rMethod}\n` +
          `ci(tp, tp + fn)  # 灵敏度\nci(tn, fp + tn)  # 特异度\nci(tp, tp + fp)  # 阳性预测值\nci(tn, tn + fn)  # 阴性预测值\nci(tp + tn, tp + fp + fn + tn)  # 准确度\n` +
          `sens <- tp / (tp + fn); spec <- tn / (fp + tn); z <- qnorm(1 - (1 - level) / 2)\n` +
          `lrp <- sens / (1 - spec); lrp * exp(c(-1, 1) * z * sqrt(1/tp - 1/(tp + fn) + 1/fp - 1/(fp + tn)))  # LR+\n` +
          `lrn <- (1 - sens) / spec; lrn * exp(c(-1, 1) * z * sqrt(1/fn - 1/(tp + fn) + 1/tn - 1/(fp + tn)))  # LR−\n` +
          `sens + spec - 1  # 约登指数`,
      ),
    ],
    results: finite({
      ...flat('sensitivity', r.sensitivity),
      ...flat('specificity', r.specificity),
      ...flat('ppv', r.ppv),
      ...flat('npv', r.npv),
      ...flat('accuracy', r.accuracy),
      ...flat('prevalence', r.prevalence),
      ...flat('lrPositive', r.lrPositive),
      ...flat('lrNegative', r.lrNegative),
      youden: r.youden,
      n: tp + fp + fn + tn,
      level,
    }),
  };
}
