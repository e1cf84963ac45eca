import { alternativeField, dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1003,
  key: 'ttest-independent',
  version: 2,
  name: '独立样本t检验',
  subname: 'Independent-Samples t Test',
  description: '比较两个独立组的均值是否不同（如试验组与对照组的血压），同时检验正态性与方差齐性，给出 Student 与 Welch 两种结果和效应量。',
  family: 'med',
  categories: ['difference', 'parametric'],
  difficulty: 2,
  methods: ['Student t 检验', 'Welch t 检验', 'Levene 方差齐性检验', 'Shapiro-Wilk 正态性检验', "Cohen's d"],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { y: '治疗后收缩压', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（恰好两组）。',
    paramsDescription: '选择检验变量与分组变量',
    notice: '分组变量必须恰好有两个水平；方差是否齐默认由 Levene 检验决定。',
    fields: [
      { filed: 'y', name: '检验变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（两组）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      {
        filed: 'method',
        name: '方差假定',
        type: 'select_single',
        value: 'auto',
        option: [option('按 Levene 检验自动选择', 'auto'), option('方差齐（Student）', 'student'), option('方差不齐（Welch）', 'welch')],
      },
      alternativeField('双侧（两组均值不等）', '第一组 > 第二组', '第一组 < 第二组'),
      levelField(),
      // Added in version 2: at the end, so the ids of the fields before it stay as published.
      {
        filed: 'chart',
        name: '图形',
        type: 'select_single',
        value: 'bar',
        option: [option('均值 ± 标准差条形图', 'bar'), option('箱线图（叠加数据点）', 'box')],
      },
    ],
  }),
};
