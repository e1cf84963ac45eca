// Creatinine clearance by Cockcroft & Gault (Nephron 1976;16:31), optionally per 1.73 m² of body
// surface area (Du Bois), for drug dosing.
import { num, text } from '../../report-helpers.js';
import type { ToolOutput } from '../../tool.js';
import { formNumber, formText, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { bsaDuBois, caveatBlock, creatinineMgDl, requireRange, resultTable, rNum } from '../formula-common.js';

/** Cockcroft–Gault creatinine clearance, mL/min; `scr` in mg/dL, weight in kg. */
export const cockcroftGault = (scr: number, age: number, weight: number, female: boolean) => (((140 - age) * weight) / (72 * scr)) * (female ? 0.85 : 1);

export function run({ form }: CalcInput): ToolOutput {
  const unit = formText(form, 'scrUnit');
  const typed = formNumber(form, 'scr');
  const scr = creatinineMgDl(typed, unit);
  const age = requireRange(formNumber(form, 'age'), 18, 120, '年龄', '岁');
  const weight = requireRange(formNumber(form, 'weight'), 20, 300, '体重', 'kg');
  const female = formText(form, 'sex') === 'female';
  const normalise = form.normalise === true;
  const height = normalise ? requireRange(formNumber(form, 'height'), 100, 250, '身高', 'cm') : NaN;
  const crcl = cockcroftGault(scr, age, weight, female);
  const bsa = normalise ? bsaDuBois(height, weight) : NaN;
  const crclNormalised = (crcl * 1.73) / bsa;
  const unitZh = unit === 'mgdl' ? 'mg/dL' : 'μmol/L';

  const rows: Array<[string, string | number | null, string]> = [
    ['血肌酐', unit === 'mgdl' ? `${typed}（${num(typed * 88.4, 1)} μmol/L）` : `${typed}（${num(scr, 3)} mg/dL）`, unitZh],
    ['肌酐清除率（Cockcroft-Gault）', num(crcl, 1), 'mL/min'],
    ...(normalise
      ? ([
          ['体表面积（Du Bois）', num(bsa, 3), 'm²'],
          ['标准化肌酐清除率', num(crclNormalised, 1), 'mL/min/1.73 m²'],
        ] as Array<[string, number | null, string]>)
      : []),
  ];
  const notes = [
    'Cockcroft-Gault：CrCl = (140 − 年龄) × 体重(kg) / (72 × 血肌酐 mg/dL)，女性 × 0.85。',
    '药品说明书按肌酐清除率调整剂量时，一般使用未标准化的 mL/min；肥胖者可考虑改用理想体重或校正体重，水肿、腹水时实际体重会高估。',
    '原始公式基于非 IDMS 溯源的肌酐测定方法建立，用现行方法测得的肌酐计算时结果可能略偏高。',
  ];
  const sentence = `${female ? '女性' : '男性'}，${age} 岁，体重 ${weight} kg，血肌酐 ${typed} ${unitZh}：按 Cockcroft-Gault 公式估算肌酐清除率为 ${num(crcl, 1)} mL/min${normalise ? `，按体表面积 ${num(bsa, 2)} m² 标准化后为 ${num(crclNormalised, 1)} mL/min/1.73 m²` : ''}。`;
  const code = [
    `scr <- ${rNum(typed)}${unit === 'mgdl' ? '' : ' / 88.4'}  # mg/dL`,
    `age <- ${rNum(age)}; weight <- ${rNum(weight)}; female <- ${female ? 'TRUE' : 'FALSE'}`,
    '# Cockcroft & Gault 1976',
    'crcl <- (140 - age) * weight / (72 * scr) * (if (female) 0.85 else 1)',
    ...(normalise ? [`height <- ${rNum(height)}`, 'bsa <- 0.007184 * weight^0.425 * height^0.725  # Du Bois', 'c(CrCl = crcl, BSA = bsa, CrCl_per_1.73 = crcl * 1.73 / bsa)'] : ['crcl']),
  ].join('\n');
  return {
    title: '肌酐清除率（Cockcroft-Gault）',
    sections: [
      { title: '计算结果', blocks: [resultTable('肌酐清除率', rows, notes), text(sentence), caveatBlock()] },
      rSection(code),
    ],
    results: { scrMgDl: scr, crcl, ...(normalise ? { bsa, crclNormalised } : {}) },
  };
}
