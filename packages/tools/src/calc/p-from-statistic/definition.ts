import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4201,
  key: 'p-from-statistic',
  version: 1,
  name: '由统计量计算 P 值',
  categories: ['换算工具', 'P 值与统计量'],
  description: '已知 z、t、χ² 或 F 统计量及其自由度，计算双侧或单侧 P 值，并画出分布曲线与尾部面积（与 R 的 pnorm、pt、pchisq、pf 一致）。',
  fields: [
    {
      filed: 'dist',
      name: '统计量类型',
      type: 'select_single',
      value: 't',
      option: [option('z（标准正态）', 'z'), option('t', 't'), option('χ²（卡方）', 'chisq'), option('F', 'f')],
      link_item: [
        { id: 'df1', rule: { disabled: { z: true, t: false, chisq: false, f: false } } },
        { id: 'df2', rule: { disabled: { z: true, t: true, chisq: true, f: false } } },
        { id: 'tail', rule: { disabled: { z: false, t: false, chisq: true, f: true } } },
      ],
    },
    { filed: 'statistic', name: '统计量的值', type: 'input_number', value: 2.1, props: { step: 0.01 } },
    { filed: 'df1', name: '自由度（F 检验填分子自由度）', type: 'input_number', value: 20, props: { min: 0, step: 1 }, tips: 't 检验 Welch 校正时自由度可为小数' },
    { filed: 'df2', name: '分母自由度（仅 F 检验）', type: 'input_number', value: 30, props: { min: 0, step: 1 } },
    {
      filed: 'tail',
      name: '检验方向',
      type: 'select_single',
      value: 'two',
      option: [option('双侧', 'two'), option('单侧（右侧，P(X ≥ x)）', 'upper'), option('单侧（左侧，P(X ≤ x)）', 'lower')],
      tips: 'χ² 与 F 检验总是取右侧尾部概率',
    },
  ],
};
