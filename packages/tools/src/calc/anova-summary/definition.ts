import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4108,
  key: 'anova-summary',
  version: 1,
  name: '单因素方差分析（由各组均数、标准差和例数）',
  categories: ['汇总数据检验', '均数比较'],
  description: '只有各组的例数、均数和标准差时进行单因素方差分析：F、自由度、P、η² 和 ω²，并给出 Welch 方差分析和 Bartlett 方差齐性检验。',
  table: {
    columns: [
      { label: '组名', value: 'group' },
      { label: '例数', value: 'n' },
      { label: '均数', value: 'mean' },
      { label: '标准差', value: 'sd' },
    ],
    example: [
      { group: '低剂量组', n: 20, mean: 5.2, sd: 1.1 },
      { group: '中剂量组', n: 22, mean: 6.1, sd: 1.3 },
      { group: '高剂量组', n: 19, mean: 7.4, sd: 1.6 },
    ],
  },
  fields: [],
};
