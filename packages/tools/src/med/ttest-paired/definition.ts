import { alternativeField, dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1004,
  key: 'ttest-paired',
  version: 1,
  name: '配对t检验',
  subname: 'Paired-Samples t Test',
  description: '比较同一批对象两次测量（如治疗前后）的均值差是否为 0，检验差值的正态性，给出均值差的置信区间和效应量。',
  family: 'med',
  categories: ['difference', 'parametric'],
  difficulty: 2,
  methods: ['配对 t 检验', 'Shapiro-Wilk 正态性检验（差值）', "Cohen's d_z"],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { x1: '治疗前收缩压', x2: '治疗后收缩压' },
  ...dataThenParams({
    tips: '“宽格式”：两次测量各占一列，同一对象在同一行。',
    paramsDescription: '选择配对的两个变量',
    notice: '差值 = 第一个变量 − 第二个变量；任一值缺失的行不参与分析。',
    fields: [
      { filed: 'x1', name: '第一次测量（如治疗前）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'x2', name: '第二次测量（如治疗后）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      alternativeField('双侧（均值差不为0）', '第一次 > 第二次', '第一次 < 第二次'),
      levelField(),
    ],
  }),
};
