import { alternativeField, dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1009,
  key: 'correlation',
  version: 1,
  name: 'Pearson/Spearman相关分析',
  subname: 'Correlation Analysis',
  description: '分析两个或多个定量变量之间线性（Pearson）或单调（Spearman、Kendall）关联的方向与强度，给出相关系数、置信区间与 P 值。',
  family: 'med',
  categories: ['relation', 'correlation'],
  difficulty: 1,
  methods: ['Pearson 相关', 'Spearman 秩相关', 'Kendall τ-b', 'Fisher z 置信区间', '相关矩阵'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { vars: ['年龄', '治疗前收缩压'] },
  ...dataThenParams({
    tips: '每列一个定量变量；选择两个变量得到成对检验与散点图，选择多个变量得到相关矩阵。',
    paramsDescription: '选择变量与相关方法',
    notice: '两变量均近似正态时用 Pearson；偏态、有离群值或等级资料用 Spearman 或 Kendall。缺失值按成对删除。',
    fields: [
      { filed: 'vars', name: '分析变量（至少两个）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      {
        filed: 'method',
        name: '相关方法',
        type: 'select_single',
        value: 'pearson',
        option: [option('Pearson', 'pearson'), option('Spearman', 'spearman'), option('Kendall', 'kendall')],
      },
      alternativeField('双侧（相关系数不为 0）', '正相关', '负相关'),
      levelField(),
    ],
  }),
};
