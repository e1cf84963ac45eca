import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4207,
  key: 'corrected-calcium',
  version: 1,
  name: '白蛋白校正血钙',
  categories: ['临床计算公式', '电解质'],
  description: '低白蛋白血症时用白蛋白校正血清总钙（Payne 法）：国际单位 Ca + 0.02 × (40 − 白蛋白 g/L)，或 mg/dL 单位 Ca + 0.8 × (4 − 白蛋白 g/dL)。',
  fields: [
    {
      filed: 'unit',
      name: '单位',
      type: 'select_single',
      value: 'si',
      option: [option('血钙 mmol/L，白蛋白 g/L', 'si'), option('血钙 mg/dL，白蛋白 g/dL', 'us')],
    },
    { filed: 'ca', name: '血清总钙', type: 'input_number', value: 2.1, props: { min: 0, step: 0.01 } },
    { filed: 'alb', name: '血清白蛋白', type: 'input_number', value: 30, props: { min: 0, step: 0.1 } },
  ],
};
