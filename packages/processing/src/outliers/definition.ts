import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5008,
  key: 'outliers',
  version: 1,
  name: '异常值处理',
  description: '按四分位距（IQR）规则或 |Z|>3 规则找出数值变量的异常值，可标记为新变量、删除所在行或缩尾到界值；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'vars', name: '检查的变量', type: 'select_multi', columns: 'any', required: true, value: [] },
    {
      filed: 'rule',
      name: '判断规则',
      type: 'select_single',
      value: 'iqr',
      option: [option('四分位距（IQR）规则', 'iqr'), option('Z 分数规则', 'z')],
      link_item: [
        { id: 'k', rule: { disabled: { iqr: false, z: true } } },
        { id: 'zLimit', rule: { disabled: { iqr: true, z: false } } },
      ],
    },
    { filed: 'k', name: 'IQR 倍数 k', type: 'input_number', value: 1.5, props: { min: 0.5, max: 10, step: 0.5 }, tips: '界值为 Q1 − k×IQR 与 Q3 + k×IQR' },
    { filed: 'zLimit', name: 'Z 界值', type: 'input_number', value: 3, disabled: true, props: { min: 1, max: 10, step: 0.5 }, tips: '|Z| 大于此值为异常' },
    {
      filed: 'action',
      name: '处理方式',
      type: 'select_single',
      value: 'flag',
      option: [option('标记（新增 0/1 变量）', 'flag'), option('删除所在行', 'delete'), option('缩尾到界值', 'winsorize')],
    },
  ],
};
