import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1010,
  key: 'linear-regression',
  version: 1,
  name: '线性回归',
  subname: 'Multiple Linear Regression',
  description: '用一个或多个自变量（定量或分类）解释一个定量因变量，给出回归系数及置信区间、R²、F 检验、共线性与残差诊断。',
  family: 'med',
  categories: ['relation', 'regression'],
  difficulty: 3,
  methods: ['最小二乘（QR 分解）', '哑变量编码', 'VIF 共线性诊断', 'Durbin-Watson', "Cook's 距离", '残差正态性'],
  vip: true,
  runningTime: 4,
  example: 'hypertension-trial',
  exampleParams: { y: '治疗后收缩压', x: ['治疗前收缩压', '年龄', 'BMI'], factors: ['组别'] },
  ...dataThenParams({
    tips: '每行一个观测对象；因变量为定量变量，自变量可为定量变量或分类变量（自动生成哑变量，排序后的第一个类别为参照）。',
    paramsDescription: '选择因变量与自变量',
    notice: '分类自变量以排序后的第一个类别为参照水平；任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'y', name: '因变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'x', name: '定量自变量', type: 'select_multi', columns: 'numeric', value: [] },
      { filed: 'factors', name: '分类自变量', type: 'select_multi', columns: 'categorical', value: [] },
      levelField(),
    ],
  }),
};
