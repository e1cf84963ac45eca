import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4202,
  key: 'effect-size-convert',
  version: 1,
  name: '效应量换算（d、r、OR）',
  categories: ['换算工具', '效应量'],
  description: '在 Cohen’s d、相关系数 r 与比值比 OR 之间相互换算，可同时换算标准误和 95% 置信区间，用于 Meta 分析合并不同类型的效应量（Borenstein 等 2009）。',
  fields: [
    { filed: 'from', name: '已知的效应量', type: 'select_single', value: 'd', option: [option('Cohen’s d（标准化均数差）', 'd'), option('相关系数 r', 'r'), option('比值比 OR', 'or')] },
    { filed: 'value', name: '效应量的值', type: 'input_number', value: 0.5, props: { step: 0.01 }, tips: 'OR 填原始比值比（不是对数）' },
    { filed: 'se', name: '标准误（可选）', type: 'input_number', value: 0, props: { min: 0, step: 0.01 }, tips: '不需要换算标准误时填 0；已知 OR 时填 ln(OR) 的标准误' },
    {
      filed: 'sizes',
      name: '两组例数',
      type: 'select_single',
      value: 'equal',
      option: [option('相等或未知（a=4）', 'equal'), option('填写两组例数', 'given')],
      link_item: [
        { id: 'n1', rule: { disabled: { equal: true, given: false } } },
        { id: 'n2', rule: { disabled: { equal: true, given: false } } },
      ],
      tips: 'd 与 r 的换算与两组例数比例有关：a = (n1+n2)²/(n1·n2)',
    },
    { filed: 'n1', name: '第一组例数 n1', type: 'input_number', value: 50, props: { min: 1, step: 1 } },
    { filed: 'n2', name: '第二组例数 n2', type: 'input_number', value: 50, props: { min: 1, step: 1 } },
  ],
};
