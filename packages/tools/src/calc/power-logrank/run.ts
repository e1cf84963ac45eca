import { logRankSampleSize, normalCdf, normalQuantile } from '@labstat/stats';
import { num } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { curveRange, designOf, inflateForDropout, powerCurveChart, rSection, sampleSizeTable, sizeGridSection } from '../sample-size.js';

/**
 * Probability of an event during the study for exponential survival at `rate`, uniform accrual over
 * [0, a] and follow-up f after the last entry: 1 − (1/a)∫_f^{a+f} e^{−λt} dt (Collett 2015, 10.2),
 * in closed form; a = 0 is everyone followed for f.
 */
export function eventProbability(rate: number, accrual: number, followup: number): number {
  if (accrual === 0) return 1 - Math.exp(-rate * followup);
  return 1 - (Math.exp(-rate * followup) - Math.exp(-rate * (accrual + followup))) / (rate * accrual);
}

type Method = 'schoenfeld' | 'freedman';

/** Power of the log-rank test with `events` expected events (the formulas of logRankSampleSize solved for power). */
export function logRankPower(events: number, hr: number, k: number, alpha: number, twoSided: boolean, method: Method): number {
  const za = normalQuantile(1 - alpha / (twoSided ? 2 : 1));
  const pi = 1 / (1 + k);
  const signal = method === 'schoenfeld' ? Math.sqrt(events * pi * (1 - pi)) * Math.abs(Math.log(hr)) : (Math.sqrt(events * k) * Math.abs(1 - hr)) / (1 + k * hr);
  return normalCdf(signal - za);
}

const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;
const METHOD_ZH = { schoenfeld: 'Schoenfeld 法', freedman: 'Freedman 法' } as const;

export function run({ form }: CalcInput): ToolOutput {
  const method: Method = formText(form, 'method') === 'freedman' ? 'freedman' : 'schoenfeld';
  const hr = formNumber(form, 'hr');
  const median = formNumber(form, 'median');
  const accrual = formNumber(form, 'accrual');
  const followup = formNumber(form, 'followup');
  const k = formNumber(form, 'ratio');
  const unit = formText(form, 'timeUnit') || '月';
  if (!(hr > 0) || hr === 1) throw new ToolInputError('风险比必须大于 0 且不等于 1');
  if (!(median > 0)) throw new ToolInputError('对照组中位生存时间必须大于 0');
  if (!(accrual >= 0) || !(followup >= 0)) throw new ToolInputError('入组期和随访期不能为负数');
  if (!(accrual + followup > 0)) throw new ToolInputError('入组期与随访期不能同时为 0');
  if (!(k > 0)) throw new ToolInputError('分配比必须大于 0');
  const d = designOf(form);
  const pi = 1 / (1 + k);
  const rateC = Math.LN2 / median;
  const pC = eventProbability(rateC, accrual, followup);
  const pT = eventProbability(rateC * hr, accrual, followup);
  const pEvent = pi * pC + (1 - pi) * pT;
  const r = logRankSampleSize({ hazardRatio: hr, eventProbability: pEvent, allocation: pi, sigLevel: d.alpha, power: d.power, method, alternative: d.twoSided ? 'two-sided' : 'one-sided' });
  const events = Math.ceil(r.events - 1e-9);
  const [nC, nT] = [r.n * pi, r.n * (1 - pi)];
  const [rC, rT] = [Math.ceil(nC - 1e-9), Math.ceil(nT - 1e-9)];
  const [eC, eT] = [inflateForDropout(nC, d.dropout), inflateForDropout(nT, d.dropout)];
  const curve = curveRange(r.n).map((x) => [x, logRankPower(x * pEvent, hr, k, d.alpha, d.twoSided, method)] as const);
  const side = d.twoSided ? '双侧' : '单侧';
  const drop = d.dropout > 0 ? `；考虑 ${pct(d.dropout)} 的脱落率，对照组需纳入 ${eC} 例、试验组需纳入 ${eT} 例，共 ${eC + eT} 例` : '';
  const paragraph =
    `预期对照组中位生存时间为 ${median} 个${unit}（假定生存时间服从指数分布），试验组相对对照组的风险比 HR=${hr}；入组期 ${accrual} 个${unit}、入组结束后随访 ${followup} 个${unit}，试验组与对照组按 ${k}:1 分配。` +
    `按${side}检验水准 α=${d.alpha}、把握度 ${pct(d.power)}，采用 Log-rank 检验的${METHOD_ZH[method]}计算，需观察到 ${events} 例终点事件；` +
    `预期研究期间事件发生概率为 ${pct(pEvent)}（对照组 ${pct(pC)}、试验组 ${pct(pT)}），对照组需 ${rC} 例、试验组需 ${rT} 例，共 ${rC + rT} 例${drop}。`;
  const zLine = `z <- qnorm(1 - alpha / ${d.twoSided ? 2 : 1}) + qnorm(power); p <- 1 / (1 + k)  # 对照组比例`;
  const rCode = [
    `hr <- ${hr}; median <- ${median}; a <- ${accrual}; f <- ${followup}; k <- ${k}; alpha <- ${d.alpha}; power <- ${d.power}`,
    zLine,
    method === 'schoenfeld' ? 'events <- z^2 / (p * (1 - p) * log(hr)^2)  # Schoenfeld' : 'events <- z^2 * (1 + k * hr)^2 / (k * (1 - hr)^2)  # Freedman',
    '# 指数生存、均匀入组：事件发生概率 = 1 - (1/a) * ∫_f^{a+f} S(t) dt',
    'pev <- function(rate) if (a == 0) 1 - exp(-rate * f) else 1 - integrate(function(t) exp(-rate * t), f, a + f)$value / a',
    'lc <- log(2) / median',
    'pbar <- p * pev(lc) + (1 - p) * pev(lc * hr)',
    'c(events = events, n = events / pbar, control = p * events / pbar, treatment = (1 - p) * events / pbar)',
  ].join('\n');
  return {
    title: '生存分析（Log-rank 检验）的样本量',
    sections: [
      {
        title: '计算结果',
        blocks: [
          sampleSizeTable([
            ['计算方法', METHOD_ZH[method]],
            ['风险比 HR', hr],
            [`对照组风险率 λ（每${unit}）`, num(rateC, 5)!],
            ['对照组事件发生概率', num(pC, 4)!],
            ['试验组事件发生概率', num(pT, 4)!],
            ['合并事件发生概率', num(pEvent, 4)!],
            ['所需事件数（精确值）', num(r.events, 4)!],
            ['所需事件数', events],
            ['所需总样本量（精确值）', num(r.n, 4)!],
            ['对照组所需样本量', rC],
            ['试验组所需样本量', rT],
            ['考虑脱落后对照组纳入', eC],
            ['考虑脱落后试验组纳入', eT],
            ['总样本量（含脱落）', eC + eT],
          ], ['事件发生概率按指数生存、入组期内均匀入组计算；样本量 = 事件数 / 合并事件发生概率，两组分别向上取整。']),
          { type: 'text', markdown: paragraph },
        ],
      },
      { title: '把握度曲线', blocks: [powerCurveChart(curve, { xName: '总样本量', planned: r.n, target: d.power })] },
      sizeGridSection((a, p) => Math.ceil(logRankSampleSize({ hazardRatio: hr, eventProbability: pEvent, allocation: pi, sigLevel: a, power: p, method, alternative: d.twoSided ? 'two-sided' : 'one-sided' }).events - 1e-9), { note: '所需终点事件数；总样本量 = 事件数 / 合并事件发生概率。', events: true }),
      rSection(rCode),
    ],
    results: { events: r.events, eventsRounded: events, eventProbability: pEvent, eventProbabilityControl: pC, eventProbabilityTreatment: pT, n: r.n, nControl: rC, nTreatment: rT, nEnrolled: eC + eT, totalEnrolled: eC + eT, hazardRatio: hr, power: d.power, alpha: d.alpha },
  };
}
