import type { CalcToolDefinition } from '../calc-tool.js';

const rField = (i: 1 | 2, value: number) => ({ filed: `r${i}`, name: `第 ${i} 组相关系数 r${i}`, type: 'input_number' as const, value, props: { min: -0.9999, max: 0.9999, step: 0.01 } });
const nField = (i: 1 | 2, value: number) => ({ filed: `n${i}`, name: `第 ${i} 组样本量 n${i}`, type: 'input_number' as const, value, props: { min: 4, step: 1 } });

export const definition: CalcToolDefinition = {
  id: 4109,
  key: 'compare-correlations',
  version: 1,
  name: '两个独立相关系数的比较',
  categories: ['汇总数据检验', '相关系数'],
  description: '比较来自两个独立样本的 Pearson 相关系数（如男性与女性中同一对变量的相关），用 Fisher z 变换检验 ρ1 = ρ2，并给出各相关系数和两者之差的置信区间。',
  fields: [rField(1, 0.62), nField(1, 85), rField(2, 0.35), nField(2, 92), { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } }],
};
