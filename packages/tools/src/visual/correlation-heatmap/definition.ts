import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2021,
  key: 'correlation-heatmap',
  version: 1,
  name: '相关热图',
  subname: 'Correlation Heatmap',
  description: '计算多个定量变量两两之间的 Pearson 或 Spearman 相关系数，画成带 P 值星号的相关矩阵热图，可按聚类（1 − r）重排变量，只显示下三角或上三角。',
  family: 'visual',
  categories: ['statplot', 'relation-plot'],
  difficulty: 2,
  methods: ['Pearson 相关', 'Spearman 秩相关', '相关矩阵', 'P 值星号', '层次聚类排序（1 − r）'],
  vip: false,
  runningTime: 3,
  example: 'correlation-heatmap',
  exampleParams: { vars: ['年龄', 'BMI', '收缩压', '空腹血糖', '糖化血红蛋白', '总胆固醇', '低密度脂蛋白', '甘油三酯', '高密度脂蛋白', '尿酸', 'eGFR'] },
  ...dataThenParams({
    tips: '每行一个观测对象，每列一个定量变量（如各项检验指标）。',
    paramsDescription: '选择变量、相关方法与显示方式',
    notice: '缺失值按成对删除（每对变量用两者都不缺失的观测）。P 值未做多重比较校正，星号：* P<0.05，** P<0.01，*** P<0.001。',
    fields: [
      { filed: 'vars', name: '分析变量（3~30 个）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      { filed: 'method', name: '相关方法', type: 'select_single', value: 'pearson', option: [option('Pearson', 'pearson'), option('Spearman', 'spearman')] },
      { filed: 'order', name: '变量排序', type: 'select_single', value: 'cluster', option: [option('按聚类（1 − r）排序', 'cluster'), option('按所选顺序', 'original')] },
      {
        filed: 'linkage',
        name: '聚类方法',
        type: 'select_single',
        value: 'complete',
        option: [option('完全连接（complete）', 'complete'), option('平均连接（average）', 'average')],
      },
      { filed: 'triangle', name: '显示范围', type: 'select_single', value: 'lower', option: [option('下三角', 'lower'), option('上三角', 'upper'), option('完整矩阵', 'full')] },
      { filed: 'labels', name: '格内显示相关系数', type: 'switch', value: true },
    ],
  }),
};
