import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5023,
  key: 'append-files',
  version: 1,
  name: '追加文件（纵向合并）',
  description: '把另一个数据文件的行追加到当前文件之后，变量按名称对应，一方没有的变量留空；可添加标明来源的变量。生成新的数据文件，原文件不变。',
  fileFields: ['other'],
  fields: [
    { filed: 'other', name: '要追加的文件', type: 'select_single', required: true, value: '' },
    { filed: 'source', name: '添加来源变量', type: 'switch', value: false, tips: '新增一个变量，取值为每行所来自的文件名' },
    { filed: 'sourceName', name: '来源变量名', type: 'input', value: '来源' },
  ],
};
