// Heart-rate corrected QT: Bazett (1920), Fridericia (1920), Framingham (Sagie et al. 1992) and
// Hodges (1983), judged against the AHA/ACCF/HRS 2009 sex-specific limits.
import { num, table, text } from '../../report-helpers.js';
import type { ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { caveatBlock, requireRange, rNum } from '../formula-common.js';

/** QTc (ms) by each formula; `qt` in ms, `rr` in seconds. */
export function qtcAll(qt: number, rr: number) {
  const hr = 60 / rr;
  return { bazett: qt / Math.sqrt(rr), fridericia: qt / Math.cbrt(rr), framingham: qt + 154 * (1 - rr), hodges: qt + 1.75 * (hr - 60) };
}

/** AHA/ACCF/HRS 2009 (Rautaharju et al.): prolonged ≥450 ms (men) / ≥460 ms (women), short ≤390 ms; ≥500 ms carries a high torsade risk. */
export function judge(qtc: number, female: boolean): string {
  const q = Math.round(qtc);
  if (q >= 500) return '明显延长（≥500 ms）';
  if (q >= (female ? 460 : 450)) return '延长';
  if (q <= 390) return '缩短（≤390 ms）';
  return '正常';
}

const NAMES = { bazett: 'Bazett', fridericia: 'Fridericia', framingham: 'Framingham', hodges: 'Hodges' } as const;
const FORMULAS = { bazett: 'QT/√RR', fridericia: 'QT/∛RR', framingham: 'QT + 154 × (1 − RR)', hodges: 'QT + 1.75 × (心率 − 60)' } as const;

export function run({ form }: CalcInput): ToolOutput {
  const qt = requireRange(formNumber(form, 'qt'), 200, 800, 'QT 间期', 'ms');
  const byRr = formText(form, 'rateInput') === 'rr';
  const rr = byRr ? requireRange(formNumber(form, 'rr'), 240, 3000, 'RR 间期', 'ms') / 1000 : 60 / requireRange(formNumber(form, 'hr'), 20, 250, '心率', '次/分');
  const hr = 60 / rr;
  const female = formText(form, 'sex') === 'female';
  const q = qtcAll(qt, rr);
  const keys = Object.keys(NAMES) as Array<keyof typeof NAMES>;
  const rows = keys.map((k) => [NAMES[k], FORMULAS[k], num(q[k], 0), judge(q[k], female)]);
  const notes = [
    `QT = ${qt} ms，心率 = ${num(hr, 1)} 次/分，RR = ${num(rr * 1000, 0)} ms（公式中 RR 以秒计）。`,
    `判断标准（AHA/ACCF/HRS 2009）：${female ? '女性' : '男性'} QTc ≥${female ? 460 : 450} ms 为延长，≤390 ms 为缩短；≥500 ms 时尖端扭转型室速风险明显增加。`,
    'Bazett 公式在心率快时高估、心率慢时低估；心率偏离 60 次/分较多时宜参考 Fridericia 或 Framingham 结果，药物 QT 研究常用 Fridericia。',
  ];
  const sentence = `QT 间期 ${qt} ms、心率 ${num(hr, 0)} 次/分（RR ${num(rr * 1000, 0)} ms）：QTc（Bazett）= ${num(q.bazett, 0)} ms，QTc（Fridericia）= ${num(q.fridericia, 0)} ms，QTc（Framingham）= ${num(q.framingham, 0)} ms，QTc（Hodges）= ${num(q.hodges, 0)} ms。`;
  const code = [
    `qt <- ${rNum(qt)}  # ms`,
    byRr ? `rr <- ${rNum(rr * 1000)} / 1000  # s` : `rr <- 60 / ${rNum(hr)}  # s, from the heart rate`,
    'hr <- 60 / rr',
    'c(Bazett = qt / sqrt(rr), Fridericia = qt / rr^(1/3),',
    '  Framingham = qt + 154 * (1 - rr), Hodges = qt + 1.75 * (hr - 60))',
  ].join('\n');
  return {
    title: '校正 QT 间期（QTc）',
    sections: [
      { title: '计算结果', blocks: [table('校正 QT 间期', ['公式', '计算式', 'QTc（ms）', '判断'], rows, notes), text(sentence), caveatBlock()] },
      rSection(code),
    ],
    results: { qt, heartRate: hr, rrSeconds: rr, ...q },
  };
}
