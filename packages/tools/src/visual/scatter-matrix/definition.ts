import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2022,
  key: 'scatter-matrix',
  version: 1,
  name: '散点图矩阵',
  subname: 'Scatter Plot Matrix',
  description: '把 2~6 个定量变量两两配对画成散点图矩阵：对角线为各变量的直方图，下三角为散点图，上三角为相关系数及其显著性，一眼看出变量间的关系与分布。',
  family: 'visual',
  categories: ['statplot', 'relation-plot'],
  difficulty: 1,
  methods: ['散点图矩阵', '直方图（Sturges 分组）', 'Pearson/Spearman 相关'],
  vip: false,
  runningTime: 3,
  example: 'scatter-matrix',
  exampleParams: { vars: ['年龄', 'BMI', '腰围', '收缩压', '空腹血糖', '甘油三酯'], group: '性别' },
  ...dataThenParams({
    tips: '每行一个观测对象，每列一个定量变量，可选一个分组变量用于着色。',
    paramsDescription: '选择变量、分组与相关方法',
    notice: '缺失值按成对删除：每个散点图和相关系数使用两个变量都不缺失的行，直方图使用该变量的全部有效值。超过 5,000 行时散点按固定种子抽样绘制。',
    fields: [
      { filed: 'vars', name: '变量（2~6 个）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      { filed: 'group', name: '分组着色（可选，最多 8 组）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'method', name: '相关方法', type: 'select_single', value: 'pearson', option: [option('Pearson', 'pearson'), option('Spearman', 'spearman')] },
    ],
  }),
};
