import { option } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5005,
  key: 'transform',
  version: 1,
  name: '变量变换',
  description: '对数值变量做对数、平方根、倒数、标准化（Z 分数）、最小-最大缩放、Box–Cox 变换或秩变换，结果存为新变量；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'var', name: '要变换的变量', type: 'select_single', columns: 'any', required: true, value: '' },
    {
      filed: 'how',
      name: '变换方法',
      type: 'select_single',
      value: 'log',
      option: [
        option('自然对数 ln(x)', 'log'),
        option('常用对数 log10(x)', 'log10'),
        option('平方根 √x', 'sqrt'),
        option('倒数 1/x', 'reciprocal'),
        option('标准化（Z 分数）', 'zscore'),
        option('最小-最大缩放到 [0,1]', 'minmax'),
        option('Box–Cox 变换', 'boxcox'),
        option('秩（排名）', 'rank'),
      ],
    },
    { filed: 'newName', name: '新变量名', type: 'input', value: '', tips: '不填则为“原变量名_方法”，如“血糖_ln”' },
  ],
};
