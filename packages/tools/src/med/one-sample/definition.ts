import { alternativeField, dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1024,
  key: 'one-sample',
  version: 1,
  name: '单样本检验',
  subname: 'One-Sample t Test and One-Sample Wilcoxon Signed-Rank Test',
  description: '检验一个样本的总体均数（或中位数）是否等于已知值 μ0（如正常值、标准值、既往文献值），同时给出单样本 t 检验与单样本 Wilcoxon 符号秩检验，并按正态性检验结果推荐其一。',
  family: 'med',
  categories: ['difference', 'parametric'],
  difficulty: 2,
  methods: ['单样本 t 检验', "Cohen's d 及置信区间", '单样本 Wilcoxon 符号秩检验', 'Hodges-Lehmann 伪中位数及置信区间', 'Shapiro-Wilk 正态性检验'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { y: '治疗后收缩压' },
  ...dataThenParams({
    tips: '一列定量数据即可；每行一个观测对象。',
    paramsDescription: '选择检验变量并填写检验值 μ0',
    notice: 'Shapiro-Wilk P ≥ 0.05 时推荐 t 检验，否则推荐 Wilcoxon 符号秩检验；两种结果都会给出。等于 μ0 的观测不参与 Wilcoxon 检验的秩次（与 R 相同）。',
    fields: [
      { filed: 'y', name: '检验变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'mu', name: '检验值 μ0', type: 'input_number', value: 0 },
      alternativeField('双侧（≠ μ0）', '> μ0', '< μ0'),
      levelField(),
    ],
  }),
};
