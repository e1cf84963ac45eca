import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5027,
  key: 'change-type',
  version: 1,
  name: '变量类型转换',
  description: '把变量转换为数值、文本、日期或分类编码（文本取值按出现顺序编为 1、2、3…），报告无法转换的单元格数；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'vars', name: '要转换的变量', type: 'select_multi', columns: 'any', required: true, value: [] },
    {
      filed: 'to',
      name: '转换为',
      type: 'select_single',
      value: 'numeric',
      option: [option('数值', 'numeric'), option('文本', 'text'), option('日期', 'date'), option('分类编码（1、2、3…）', 'code')],
    },
    { filed: 'suffix', name: '新变量名后缀', type: 'input', value: '', tips: '不填则直接替换原变量；填写（如 _数值）则保留原变量，在其后新增“原变量名+后缀”' },
  ],
};
