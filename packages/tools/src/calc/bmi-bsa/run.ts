// BMI with the Chinese adult categories (WS/T 428-2013) and body surface area by Du Bois (1916),
// Mosteller (1987) and Stevenson (1937, derived in Chinese subjects).
import { num, text } from '../../report-helpers.js';
import type { ToolOutput } from '../../tool.js';
import { formNumber, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { bsaDuBois, bsaMosteller, bsaStevenson, caveatBlock, requireRange, resultTable, rNum } from '../formula-common.js';

export const bmiOf = (heightCm: number, weightKg: number) => weightKg / (heightCm / 100) ** 2;

/** Chinese adult category (WS/T 428-2013), applied to BMI as reported (one decimal). */
export function chineseCategory(bmi: number): string {
  const b = Math.round(bmi * 10) / 10;
  return b < 18.5 ? '偏瘦' : b < 24 ? '正常' : b < 28 ? '超重' : '肥胖';
}

/** WHO (2000) adult category, for international papers. */
function whoCategory(bmi: number): string {
  const b = Math.round(bmi * 10) / 10;
  return b < 18.5 ? '低体重（underweight）' : b < 25 ? '正常（normal）' : b < 30 ? '超重（pre-obese）' : '肥胖（obese）';
}

export function run({ form }: CalcInput): ToolOutput {
  const h = requireRange(formNumber(form, 'height'), 100, 250, '身高', 'cm');
  const w = requireRange(formNumber(form, 'weight'), 20, 300, '体重', 'kg');
  const bmi = bmiOf(h, w);
  const category = chineseCategory(bmi);
  const [duBois, mosteller, stevenson] = [bsaDuBois(h, w), bsaMosteller(h, w), bsaStevenson(h, w)];
  const rows: Array<[string, string | number | null, string]> = [
    ['体重指数 BMI', num(bmi, 1), 'kg/m²'],
    ['中国成人 BMI 分类', category, ''],
    ['WHO BMI 分类', whoCategory(bmi), ''],
    ['体表面积（Du Bois 公式）', num(duBois, 3), 'm²'],
    ['体表面积（Mosteller 公式）', num(mosteller, 3), 'm²'],
    ['体表面积（Stevenson 中国人公式）', num(stevenson, 3), 'm²'],
  ];
  const notes = [
    '中国成人标准（WS/T 428—2013）：BMI <18.5 偏瘦，18.5～23.9 正常，24.0～27.9 超重，≥28.0 肥胖；WHO 标准的超重、肥胖切点为 25 与 30。',
    'BMI 分类适用于 18 岁及以上成人，不适用于儿童青少年、孕妇和肌肉特别发达者。',
    'Du Bois：0.007184×W^0.425×H^0.725；Mosteller：√(H×W/3600)；Stevenson：0.0061×H+0.0128×W−0.1529（H 为 cm，W 为 kg）。',
  ];
  const sentence = `身高 ${h} cm、体重 ${w} kg：BMI=${num(bmi, 1)} kg/m²，按中国成人标准属于“${category}”；体表面积 ${num(duBois, 2)} m²（Du Bois 公式）、${num(mosteller, 2)} m²（Mosteller 公式）、${num(stevenson, 2)} m²（Stevenson 公式）。`;
  const code = [
    `h <- ${rNum(h)}; w <- ${rNum(w)}  # cm, kg`,
    'bmi <- w / (h / 100)^2',
    'cut(round(bmi, 1), c(-Inf, 18.5, 24, 28, Inf), right = FALSE, labels = c("偏瘦", "正常", "超重", "肥胖"))',
    'c(BMI = bmi,',
    '  DuBois = 0.007184 * w^0.425 * h^0.725,',
    '  Mosteller = sqrt(h * w / 3600),',
    '  Stevenson = 0.0061 * h + 0.0128 * w - 0.1529)',
  ].join('\n');
  return {
    title: '体重指数与体表面积',
    sections: [
      { title: '计算结果', blocks: [resultTable('体重指数与体表面积', rows, notes), text(sentence), caveatBlock()] },
      rSection(code),
    ],
    results: { bmi, category, bsaDuBois: duBois, bsaMosteller: mosteller, bsaStevenson: stevenson },
  };
}
