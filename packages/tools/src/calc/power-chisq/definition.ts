import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';
import { alphaField, dropoutField, powerField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4005,
  key: 'power-chisq',
  version: 1,
  name: 'χ² 检验的样本量',
  categories: ['样本量与把握度', '率的比较'],
  description: 'χ² 检验（拟合优度检验或两组构成比比较）所需的样本量：由表中两列预期比例计算效应量 w，或直接输入 w 和自由度（与 R 的 pwr.chisq.test 一致）。',
  table: {
    columns: [
      { label: '类别', value: 'category' },
      { label: '比例 A（原假设/组1）', value: 'a' },
      { label: '比例 B（预期/组2）', value: 'b' },
    ],
    example: [
      { category: '类别1', a: 0.25, b: 0.35 },
      { category: '类别2', a: 0.25, b: 0.25 },
      { category: '类别3', a: 0.25, b: 0.2 },
      { category: '类别4', a: 0.25, b: 0.2 },
    ],
  },
  fields: [
    {
      filed: 'mode',
      name: '设计与效应量来源',
      type: 'select_single',
      value: 'gof',
      option: [option('拟合优度检验：A 为原假设比例，B 为预期比例', 'gof'), option('两组构成比比较（2×C 表）：A、B 为两组的构成比', 'two-groups'), option('直接输入效应量 w 和自由度', 'w')],
      link_item: [
        { id: 'w', rule: { disabled: { gof: true, 'two-groups': true, w: false } } },
        { id: 'df', rule: { disabled: { gof: true, 'two-groups': true, w: false } } },
      ],
    },
    { filed: 'w', name: '效应量 w（Cohen）', type: 'input_number', value: 0.3, props: { min: 0, step: 0.05 }, disabled: true, tips: '0.1、0.3、0.5 分别为小、中、大效应' },
    { filed: 'df', name: '自由度', type: 'input_number', value: 2, props: { min: 1, max: 1000, step: 1 }, disabled: true, tips: '拟合优度检验为类别数−1；R×C 表为 (R−1)(C−1)' },
    alphaField(),
    powerField(),
    dropoutField(),
  ],
};
