import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5021,
  key: 'sample-rows',
  version: 1,
  name: '随机抽样',
  description: '按行数或百分比随机抽取数据行，保持原来的行序；相同的随机种子总是抽到相同的行。生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'mode', name: '抽样方式', type: 'select_single', value: 'count', option: [option('按行数', 'count'), option('按百分比', 'percent')] },
    { filed: 'count', name: '抽取行数', type: 'input_number', value: 100, props: { min: 1, step: 1 }, tips: '按行数抽样时使用' },
    { filed: 'percent', name: '抽取百分比（%）', type: 'input_number', value: 10, props: { min: 0.01, max: 100 }, tips: '按百分比抽样时使用，结果行数四舍五入' },
    { filed: 'seed', name: '随机种子', type: 'input_number', value: 20240101, props: { min: 0, max: 2147483647, step: 1 }, tips: '相同的种子抽到相同的行，便于重现' },
  ],
};
