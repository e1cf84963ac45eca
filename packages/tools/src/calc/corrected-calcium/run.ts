// Albumin-corrected total calcium (Payne et al., Br Med J 1973;4:643) with the coefficients in
// clinical use: 0.02 mmol/L per g/L below 40 g/L, or 0.8 mg/dL per g/dL below 4 g/dL.
import { num, text } from '../../report-helpers.js';
import type { ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { caveatBlock, requireRange, resultTable, rNum } from '../formula-common.js';

/** mg/dL per mmol/L of calcium (molar mass 40.08 g/mol). */
const CA_MG_DL_PER_MMOL_L = 4.008;

export function run({ form }: CalcInput): ToolOutput {
  const si = formText(form, 'unit') !== 'us';
  const ca = si ? requireRange(formNumber(form, 'ca'), 1, 5, '血清总钙', 'mmol/L') : requireRange(formNumber(form, 'ca'), 4, 20, '血清总钙', 'mg/dL');
  const alb = si ? requireRange(formNumber(form, 'alb'), 5, 70, '血清白蛋白', 'g/L') : requireRange(formNumber(form, 'alb'), 0.5, 7, '血清白蛋白', 'g/dL');
  const corrected = si ? ca + 0.02 * (40 - alb) : ca + 0.8 * (4 - alb);
  const mmol = si ? corrected : corrected / CA_MG_DL_PER_MMOL_L;
  const mgdl = si ? corrected * CA_MG_DL_PER_MMOL_L : corrected;
  const [caUnit, albUnit] = si ? ['mmol/L', 'g/L'] : ['mg/dL', 'g/dL'];
  const rows: Array<[string, string | number | null, string]> = [
    ['血清总钙（实测）', ca, caUnit],
    ['血清白蛋白', alb, albUnit],
    ['校正血钙', num(corrected, si ? 2 : 1), caUnit],
    ['校正血钙（换算）', si ? num(mgdl, 1) : num(mmol, 2), si ? 'mg/dL' : 'mmol/L'],
  ];
  const notes = [
    si ? '校正血钙 = 实测总钙 + 0.02 × (40 − 白蛋白 g/L)。' : '校正血钙 = 实测总钙 + 0.8 × (4 − 白蛋白 g/dL)。',
    '血钙 1 mmol/L = 4.008 mg/dL；白蛋白 1 g/dL = 10 g/L。',
    '成人血清总钙常用参考区间约 2.1～2.6 mmol/L（8.5～10.5 mg/dL），请以本单位实验室的参考区间为准。',
    '校正公式与离子钙的一致性有限，尤其在肾功能不全、酸碱失衡、危重症或白蛋白很低时；条件允许时应直接测定离子钙。',
  ];
  const sentence = `实测血清总钙 ${ca} ${caUnit}、白蛋白 ${alb} ${albUnit}：白蛋白校正后的血钙为 ${num(corrected, si ? 2 : 1)} ${caUnit}（${si ? `${num(mgdl, 1)} mg/dL` : `${num(mmol, 2)} mmol/L`}）。`;
  const code = si
    ? [`ca <- ${rNum(ca)}; alb <- ${rNum(alb)}  # mmol/L, g/L`, 'corrected <- ca + 0.02 * (40 - alb)', 'c(mmol_L = corrected, mg_dL = corrected * 4.008)'].join('\n')
    : [`ca <- ${rNum(ca)}; alb <- ${rNum(alb)}  # mg/dL, g/dL`, 'corrected <- ca + 0.8 * (4 - alb)', 'c(mg_dL = corrected, mmol_L = corrected / 4.008)'].join('\n');
  return {
    title: '白蛋白校正血钙',
    sections: [
      { title: '计算结果', blocks: [resultTable('白蛋白校正血钙', rows, notes), text(sentence), caveatBlock()] },
      rSection(code),
    ],
    results: { correctedCa: corrected, correctedCaMmolL: mmol, correctedCaMgDl: mgdl },
  };
}
