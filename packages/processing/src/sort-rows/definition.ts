import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5001,
  key: 'sort-rows',
  version: 1,
  name: '排序',
  description: '按一个或两个变量对数据行升序或降序排列，缺失值排在最后；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'by', name: '排序变量', type: 'select_single', columns: 'any', required: true, value: '' },
    { filed: 'order', name: '排序方式', type: 'select_single', value: 'asc', option: [option('升序', 'asc'), option('降序', 'desc')] },
    { filed: 'by2', name: '第二排序变量', type: 'select_single', columns: 'any', value: '', tips: '第一变量相同时再按此变量排序（可不选）' },
    { filed: 'order2', name: '第二排序方式', type: 'select_single', value: 'asc', option: [option('升序', 'asc'), option('降序', 'desc')] },
  ],
};
