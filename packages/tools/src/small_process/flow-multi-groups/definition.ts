import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';
import { checkAlphaField } from '../flow.js';

export const definition: ToolDefinition = {
  id: 3002,
  key: 'flow-multi-groups',
  version: 1,
  name: '多组比较',
  subname: 'Guided Multi-Group Comparison',
  description: '比较三个及以上独立组的定量指标：先检验各组正态性与方差齐性，再自动选择单因素方差分析（Tukey 两两比较）、Welch 方差分析（Games-Howell 两两比较）或 Kruskal-Wallis 检验（Dunn 两两比较），并写出每一步的判断。',
  family: 'small_process',
  categories: ['flow-difference'],
  difficulty: 2,
  methods: ['Shapiro-Wilk 正态性检验', 'Levene 方差齐性检验', '单因素方差分析', 'Tukey HSD', 'Welch 方差分析', 'Games-Howell', 'Kruskal-Wallis H 检验', 'Dunn 检验'],
  vip: false,
  runningTime: 3,
  example: 'three-groups',
  exampleParams: { y: '体重增量', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（三组及以上）。',
    paramsDescription: '选择检验变量与分组变量',
    notice: '流程：各组 Shapiro-Wilk 正态性检验 → 均服从正态时用 Levene 检验判断方差齐性 → 方差分析 + Tukey / Welch 方差分析 + Games-Howell；任一组偏离正态则用 Kruskal-Wallis 检验 + Dunn 检验（Holm 校正）。',
    fields: [
      { filed: 'y', name: '检验变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（三组及以上）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      checkAlphaField(),
      levelField(),
    ],
  }),
};
