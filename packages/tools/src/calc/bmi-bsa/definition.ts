import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4204,
  key: 'bmi-bsa',
  version: 1,
  name: '体重指数与体表面积',
  categories: ['临床计算公式', '体格测量'],
  description: '由身高、体重计算体重指数（BMI，按中国成人标准判定偏瘦、正常、超重、肥胖）和体表面积（Du Bois、Mosteller 与中国人 Stevenson 公式）。',
  fields: [
    { filed: 'height', name: '身高（cm）', type: 'input_number', value: 170, props: { min: 0, step: 0.1 }, tips: '成人，100–250 cm' },
    { filed: 'weight', name: '体重（kg）', type: 'input_number', value: 65, props: { min: 0, step: 0.1 }, tips: '20–300 kg' },
  ],
};
