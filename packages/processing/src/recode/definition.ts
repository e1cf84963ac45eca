import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5003,
  key: 'recode',
  version: 1,
  name: '重新编码',
  description: '按“旧值=新值”的对照表把一个变量的取值改成新的编码（如 男=1、女=2），存入原变量或新变量；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'var', name: '要编码的变量', type: 'select_single', columns: 'any', required: true, value: '' },
    { filed: 'mapping', name: '对照表', type: 'input', required: true, value: '', tips: '每行一条“旧值=新值”，如“男=1”；新值留空表示设为缺失' },
    {
      filed: 'target',
      name: '存入',
      type: 'select_single',
      value: 'new',
      option: [option('新变量', 'new'), option('原变量（覆盖）', 'same')],
      link_item: [{ id: 'newName', rule: { disabled: { new: false, same: true } } }],
    },
    { filed: 'newName', name: '新变量名', type: 'input', value: '', tips: '不填则为“原变量名_编码”' },
    { filed: 'unmapped', name: '未列出的取值', type: 'select_single', value: 'keep', option: [option('保留原值', 'keep'), option('设为缺失', 'missing')] },
  ],
};
