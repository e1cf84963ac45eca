import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';
import { checkAlphaField } from '../flow.js';

export const definition: ToolDefinition = {
  id: 3005,
  key: 'flow-correlation',
  version: 1,
  name: '相关分析',
  subname: 'Guided Correlation Analysis',
  description: '分析两个定量变量的相关：先分别检验两变量的正态性，再自动选择 Pearson 相关或 Spearman 秩相关，并写出每一步的判断。',
  family: 'small_process',
  categories: ['flow-association'],
  difficulty: 1,
  methods: ['Shapiro-Wilk 正态性检验', 'Pearson 相关', 'Spearman 秩相关'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { x: '年龄', y: '治疗前收缩压' },
  ...dataThenParams({
    tips: '每列一个定量变量，每行一个观测对象。',
    paramsDescription: '选择两个定量变量',
    notice: '流程：对两变量（成对完整的观测）分别做 Shapiro-Wilk 正态性检验 → 均服从正态用 Pearson 相关，否则用 Spearman 秩相关。任一值缺失的行不参与分析；双侧检验。',
    fields: [
      { filed: 'x', name: '变量 X（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'y', name: '变量 Y（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      checkAlphaField(),
      levelField(),
    ],
  }),
};
