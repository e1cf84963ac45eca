import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

const fillOnly = { disabled: { view: true, drop: true, fill: false } };

export const definition: ProcessingDefinition = {
  id: 5002,
  key: 'missing-values',
  version: 1,
  name: '缺失值处理',
  description: '查看各变量的缺失情况和缺失模式，删除含缺失值的行，或用均数、中位数、众数、指定值、前值填补；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'vars', name: '处理的变量', type: 'select_multi', columns: 'any', value: [], tips: '不选则为全部变量' },
    {
      filed: 'action',
      name: '处理方式',
      type: 'select_single',
      value: 'view',
      option: [option('仅查看', 'view'), option('删除含缺失的行', 'drop'), option('填补', 'fill')],
      link_item: [
        { id: 'fill', rule: fillOnly },
        { id: 'constant', rule: fillOnly },
      ],
    },
    {
      filed: 'fill',
      name: '填补方法',
      type: 'select_single',
      value: 'mean',
      disabled: true,
      option: [option('均数', 'mean'), option('中位数', 'median'), option('众数', 'mode'), option('指定值', 'constant'), option('前值填补（LOCF）', 'locf')],
    },
    { filed: 'constant', name: '指定的填补值', type: 'input', value: '', disabled: true, tips: '填补方法为“指定值”时填写' },
  ],
};
