import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';
import { checkAlphaField } from '../flow.js';

export const definition: ToolDefinition = {
  id: 3001,
  key: 'flow-two-groups',
  version: 1,
  name: '两组比较',
  subname: 'Guided Two-Group Comparison',
  description: '比较两个独立组的定量指标：先检验各组正态性与方差齐性，再自动选择 Student t 检验、Welch t 检验或 Mann-Whitney U 检验，并把每一步的判断写进报告。',
  family: 'small_process',
  categories: ['flow-difference'],
  difficulty: 1,
  methods: ['Shapiro-Wilk 正态性检验', 'Levene 方差齐性检验', 'Student t 检验', 'Welch t 检验', 'Mann-Whitney U 检验'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { y: '治疗后收缩压', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（恰好两组）。',
    paramsDescription: '选择检验变量与分组变量',
    notice: '流程：各组 Shapiro-Wilk 正态性检验 → 均服从正态时用 Levene 检验判断方差齐性 → Student t / Welch t；任一组偏离正态则用 Mann-Whitney U 检验。双侧检验。',
    fields: [
      { filed: 'y', name: '检验变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（两组）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      checkAlphaField(),
      levelField(),
    ],
  }),
};
