import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';
import { errorField, marksField } from '../shared/group-stats.js';

export const definition: ToolDefinition = {
  id: 2006,
  key: 'bar-means',
  version: 1,
  name: '均值柱状图',
  subname: 'Bar Chart of Means with Error Bars',
  description: '按组绘制均数柱状图，误差线可选标准差、标准误或置信区间，并按所选检验（t 检验/方差分析 + Tukey，或非参数检验）在组间标注显著性括号与星号。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['均数 ± SD/SE/95%CI', 'Welch t 检验 / 方差分析 + Tukey HSD', 'Mann-Whitney U / Kruskal-Wallis + Dunn', '显著性标注'],
  vip: false,
  runningTime: 3,
  example: 'bar-means',
  exampleParams: { y: '肿瘤体积', group: '组别' },
  ...dataThenParams({
    tips: '“长格式”：一列为数值，一列为分组（2~12 组）。',
    paramsDescription: '选择数值变量、分组变量、误差线与标注方法',
    notice: '显著性标注：参数法两组为 Welch t 检验、多组为 Tukey HSD；非参数法两组为 Mann-Whitney U 检验、多组为 Dunn 检验（Holm 校正）。图中只标注 P < 0.05 的组对。',
    fields: [
      { filed: 'y', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      errorField(),
      marksField(),
      levelField(),
    ],
  }),
};
