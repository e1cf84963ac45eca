import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5026,
  key: 'split-by-group',
  version: 1,
  name: '按分组拆分文件',
  description: '按一个分类变量的每个取值把数据拆分成多个文件（最多 50 个），便于分别分析；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'by', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
    { filed: 'missing', name: '缺失值单独成一个文件', type: 'switch', value: true, tips: '关闭则分组变量缺失的行不输出' },
  ],
};
