import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';
import { sexField } from '../formula-common.js';

export const definition: CalcToolDefinition = {
  id: 4208,
  key: 'qtc',
  version: 1,
  name: '校正 QT 间期（QTc）',
  categories: ['临床计算公式', '心电图'],
  description: '由 QT 间期和心率（或 RR 间期）按 Bazett、Fridericia、Framingham 和 Hodges 公式计算校正 QT 间期，并按性别判断是否延长。',
  fields: [
    { filed: 'qt', name: 'QT 间期（ms）', type: 'input_number', value: 400, props: { min: 0, step: 1 }, tips: '200–800 ms' },
    {
      filed: 'rateInput',
      name: '心率的填写方式',
      type: 'select_single',
      value: 'hr',
      option: [option('心率（次/分）', 'hr'), option('RR 间期（ms）', 'rr')],
      link_item: [
        { id: 'hr', rule: { disabled: { hr: false, rr: true } } },
        { id: 'rr', rule: { disabled: { hr: true, rr: false } } },
      ],
    },
    { filed: 'hr', name: '心率（次/分）', type: 'input_number', value: 75, props: { min: 0, step: 1 }, tips: '20–250 次/分' },
    { filed: 'rr', name: 'RR 间期（ms）', type: 'input_number', value: 800, props: { min: 0, step: 1 }, tips: '240–3000 ms' },
    sexField(),
  ],
};
