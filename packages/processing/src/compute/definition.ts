import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5006,
  key: 'compute',
  version: 1,
  name: '计算新变量',
  description: '用公式由已有变量算出新变量，如 BMI = 体重 ÷ (身高/100)^2，支持四则运算、比较、且/或、if()、对数、取整、日期差等；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'newName', name: '新变量名', type: 'input', required: true, value: '新变量' },
    { filed: 'expression', name: '计算公式', type: 'input', required: true, value: '', tips: '如“【体重】/(【身高】/100)^2”；变量名可写在【】或 [] 中，函数见说明书' },
  ],
};
