import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';
import { alphaField, dropoutField, powerField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4003,
  key: 'power-anova',
  version: 1,
  name: '多组均数比较（单因素方差分析）的样本量',
  categories: ['样本量与把握度', '均数比较'],
  description: '单因素方差分析（k 组均数比较，各组例数相等）所需的样本量，可由各组预期均数和共同标准差计算，或直接输入效应量 f（与 R 的 pwr.anova.test 一致）。',
  table: {
    columns: [
      { label: '组别', value: 'group' },
      { label: '预期均数', value: 'mean' },
    ],
    example: [
      { group: 'A组', mean: 10 },
      { group: 'B组', mean: 12 },
      { group: 'C组', mean: 15 },
    ],
  },
  fields: [
    {
      filed: 'mode',
      name: '效应量来源',
      type: 'select_single',
      value: 'means',
      option: [option('由表中各组均数和标准差计算', 'means'), option('直接输入效应量 f', 'f')],
      link_item: [
        { id: 'sd', rule: { disabled: { means: false, f: true } } },
        { id: 'f', rule: { disabled: { means: true, f: false } } },
        { id: 'k', rule: { disabled: { means: true, f: false } } },
      ],
    },
    { filed: 'sd', name: '共同标准差 σ', type: 'input_number', value: 5, props: { min: 0, step: 0.1 }, tips: '各组内的标准差（假定相等）' },
    { filed: 'f', name: '效应量 f（Cohen）', type: 'input_number', value: 0.25, props: { min: 0, step: 0.05 }, disabled: true, tips: '0.10、0.25、0.40 分别为小、中、大效应' },
    { filed: 'k', name: '组数 k', type: 'input_number', value: 3, props: { min: 2, max: 50, step: 1 }, disabled: true, tips: '直接输入 f 时填写；由均数计算时按表中行数' },
    alphaField(),
    powerField(),
    dropoutField(),
  ],
};
