import { alternativeField, dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1007,
  key: 'mann-whitney',
  version: 2,
  name: 'Mann-Whitney U检验',
  subname: 'Mann-Whitney U (Wilcoxon Rank-Sum) Test',
  description: '比较两个独立组的分布（中位数）是否不同，不要求正态分布，适用于偏态数据、等级资料或小样本。',
  family: 'med',
  categories: ['difference', 'nonparametric'],
  difficulty: 2,
  methods: ['Mann-Whitney U 检验', 'Wilcoxon 秩和检验', '精确 P 值', 'Hodges-Lehmann 位置差及置信区间', '秩双列相关 r'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { y: '治疗后收缩压', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（恰好两组）。',
    paramsDescription: '选择检验变量与分组变量',
    notice: '两组样本量均小于 50 且无结时给出精确 P 值，否则用带连续性校正与结校正的正态近似（与 R 的 wilcox.test 相同）。',
    fields: [
      { filed: 'y', name: '检验变量（定量或等级）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（两组）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      alternativeField('双侧（两组分布不同）', '第一组 > 第二组', '第一组 < 第二组'),
      levelField(),
    ],
  }),
};
