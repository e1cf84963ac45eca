import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1002,
  key: 'normality',
  version: 1,
  name: '正态性检验',
  subname: 'Tests of Normality',
  description: '检验定量变量是否服从正态分布（可按组检验），给出 Shapiro-Wilk、Lilliefors（K-S）与 Anderson-Darling 检验、偏度峰度和 Q-Q 图。',
  family: 'med',
  categories: ['basic', 'normality'],
  difficulty: 1,
  methods: ['Shapiro-Wilk 检验', 'Lilliefors（K-S）检验', 'Anderson-Darling 检验', '偏度与峰度', 'Q-Q 图'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { vars: ['治疗前收缩压', '总胆固醇'] },
  ...dataThenParams({
    tips: '每列一个变量；可选一个分组变量，按组分别检验（t 检验、方差分析要求各组内正态）。',
    paramsDescription: '选择要检验的变量',
    notice: 'Shapiro-Wilk 适用于 3~5000 个观测，是多数情况下的首选；样本量很大时轻微偏离也会“显著”，应结合 Q-Q 图判断。',
    fields: [
      { filed: 'vars', name: '检验变量（定量）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '' },
    ],
  }),
};
