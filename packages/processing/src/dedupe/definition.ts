import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5020,
  key: 'dedupe',
  version: 1,
  name: '去除重复行',
  description: '按全部变量或所选关键变量找出重复的数据行，保留第一次出现的行并删除其余重复行；生成新的数据文件，原文件不变。',
  fields: [
    {
      filed: 'by',
      name: '判断重复的变量',
      type: 'select_multi',
      columns: 'any',
      value: [],
      tips: '不选则所有变量取值都相同才算重复；选择后只比较这些变量（如编号）',
    },
  ],
};
