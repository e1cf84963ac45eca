import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5022,
  key: 'merge-files',
  version: 1,
  name: '合并文件（按关键变量）',
  description: '按编号等关键变量把另一个数据文件的变量横向合并进来，可选内连接、左连接或全连接；生成新的数据文件，原文件不变。',
  fileFields: ['other'],
  fields: [
    { filed: 'other', name: '要合并的文件', type: 'select_single', required: true, value: '' },
    { filed: 'keys', name: '关键变量（本文件）', type: 'select_multi', columns: 'any', required: true, value: [], tips: '用来对应两个文件中同一对象的变量，如编号；可选多个' },
    {
      filed: 'otherKeys',
      name: '另一文件中的关键变量',
      type: 'input',
      value: '',
      tips: '变量名与本文件相同时不填；不同时按顺序填写对应的变量名，用逗号分隔',
    },
    {
      filed: 'how',
      name: '合并方式',
      type: 'select_single',
      value: 'left',
      option: [option('左连接：保留本文件的全部行', 'left'), option('内连接：只保留两个文件都有的行', 'inner'), option('全连接：保留两个文件的全部行', 'full')],
    },
  ],
};
