import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4107,
  key: 'ttest-summary',
  version: 1,
  name: '两样本 t 检验（由均数、标准差和例数）',
  categories: ['汇总数据检验', '均数比较'],
  description: '只有两组的均数、标准差和例数（如文献报道的结果）时，进行两独立样本 t 检验和 Welch t 检验、方差齐性 F 检验，并给出均数差和 Cohen d 的置信区间。',
  fields: [
    { filed: 'mean1', name: '第 1 组均数', type: 'input_number', value: 12.4, props: { step: 0.1 } },
    { filed: 'sd1', name: '第 1 组标准差', type: 'input_number', value: 3.1, props: { min: 0, step: 0.1 } },
    { filed: 'n1', name: '第 1 组例数', type: 'input_number', value: 30, props: { min: 2, step: 1 } },
    { filed: 'mean2', name: '第 2 组均数', type: 'input_number', value: 10.2, props: { step: 0.1 } },
    { filed: 'sd2', name: '第 2 组标准差', type: 'input_number', value: 2.8, props: { min: 0, step: 0.1 } },
    { filed: 'n2', name: '第 2 组例数', type: 'input_number', value: 28, props: { min: 2, step: 1 } },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
  ],
};
