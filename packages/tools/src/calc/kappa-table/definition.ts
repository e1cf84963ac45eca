import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

/** Columns of rater B's categories, in the same order as the rows (rater A). */
export const COUNT_KEYS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const;

export const definition: CalcToolDefinition = {
  id: 4104,
  key: 'kappa-table',
  version: 1,
  name: 'Kappa 一致性检验（k×k 表）',
  categories: ['四格表与列联表', '一致性'],
  description: '由两位评价者（或两种方法）判定结果的 k×k 交叉表计算 Cohen Kappa，有序类别可用线性或平方加权 Kappa，给出标准误、置信区间和 Kappa=0 的检验。',
  table: {
    columns: [{ label: 'A 的判定（行）', value: 'category' }, ...COUNT_KEYS.map((k, i) => ({ label: `B：类别${i + 1}`, value: k }))],
    example: [
      { category: '轻度', c1: 22, c2: 5, c3: 1 },
      { category: '中度', c1: 4, c2: 30, c3: 6 },
      { category: '重度', c1: 2, c2: 3, c3: 27 },
    ],
  },
  fields: [
    { filed: 'weights', name: '加权方式', type: 'select_single', value: 'none', option: [option('不加权（名义类别）', 'none'), option('线性加权（有序类别）', 'linear'), option('平方加权（有序类别）', 'quadratic')], tips: '有序类别（如轻、中、重）宜用加权 Kappa，平方加权最常用' },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
  ],
};
