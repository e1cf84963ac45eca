import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';
import { alphaField, dropoutField, powerField, sidesField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4001,
  key: 'power-two-means',
  version: 1,
  name: '均数比较的样本量',
  categories: ['样本量与把握度', '均数比较'],
  description: '两独立样本、配对设计或单样本 t 检验所需的样本量，给出把握度曲线和可写入申请书的样本量描述（与 R 的 power.t.test 一致）。',
  fields: [
    { filed: 'design', name: '设计类型', type: 'select_single', value: 'two-sample', option: [option('两独立样本', 'two-sample'), option('配对设计', 'paired'), option('单样本', 'one-sample')] },
    { filed: 'delta', name: '预期均数差值 δ', type: 'input_number', value: 5, props: { step: 0.1 }, tips: '配对设计填差值的均数；单样本填与检验值之差' },
    { filed: 'sd', name: '标准差 σ', type: 'input_number', value: 10, props: { min: 0, step: 0.1 }, tips: '配对设计填差值的标准差' },
    alphaField(),
    powerField(),
    sidesField(),
    dropoutField(),
  ],
};
