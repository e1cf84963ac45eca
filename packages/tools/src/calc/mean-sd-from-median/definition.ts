import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4203,
  key: 'mean-sd-from-median',
  version: 1,
  name: '由中位数估计均数和标准差',
  categories: ['换算工具', 'Meta 分析数据转换'],
  description: '文献只报告中位数与四分位数间距和/或最小值、最大值时，按 Wan 等（2014）或 Luo 等（2018）的方法估计均数和标准差，供 Meta 分析合并。每行一个研究或组别。',
  table: {
    columns: [
      { label: '研究/组别', value: 'group' },
      { label: '样本量 n', value: 'n' },
      { label: '最小值', value: 'min' },
      { label: '下四分位数 Q1', value: 'q1' },
      { label: '中位数', value: 'median' },
      { label: '上四分位数 Q3', value: 'q3' },
      { label: '最大值', value: 'max' },
    ],
    example: [
      { group: '研究A', n: 40, min: 12, q1: null, median: 25, q3: null, max: 61 },
      { group: '研究B', n: 65, min: null, q1: 18, median: 24, q3: 33, max: null },
      { group: '研究C', n: 120, min: 10, q1: 19, median: 26, q3: 35, max: 70 },
    ],
  },
  fields: [
    {
      filed: 'meanMethod',
      name: '均数估计方法',
      type: 'select_single',
      value: 'wan',
      option: [option('Wan 等 2014', 'wan'), option('Luo 等 2018（加权，偏倚更小）', 'luo')],
      tips: '标准差均按 Wan 等 2014 的方法估计',
    },
  ],
};
