import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2020,
  key: 'heatmap',
  version: 1,
  name: '热图',
  subname: 'Clustered Heatmap',
  description: '把数值矩阵（如基因 × 样本的表达量）画成颜色方块，可按行或列做 z-score 标准化，并对行、列做层次聚类，在热图旁绘制聚类树。',
  family: 'visual',
  categories: ['statplot', 'omics-plot'],
  difficulty: 2,
  methods: ['热图', 'z-score 标准化', '层次聚类（欧氏距离，完全/平均连接）', '聚类树'],
  vip: true,
  runningTime: 3,
  example: 'heatmap',
  exampleParams: { label: '基因', vars: ['对照1', '对照2', '对照3', '对照4', '对照5', '肿瘤1', '肿瘤2', '肿瘤3', '肿瘤4', '肿瘤5'] },
  ...dataThenParams({
    tips: '每行一个对象（如基因），一列为行名，其余每列一个样本或指标的数值。',
    paramsDescription: '选择行名列、数值列、标准化与聚类方式',
    notice: '含缺失值的行不参与绘图。聚类采用欧氏距离，在标准化后的数据上进行（与 R pheatmap 相同）。行数超过 500 时只绘制方差最大的 500 行。',
    fields: [
      { filed: 'label', name: '行名列（可选）', type: 'select_single', columns: 'any', value: '' },
      { filed: 'vars', name: '数值列（至少两列）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      {
        filed: 'scale',
        name: '标准化',
        type: 'select_single',
        value: 'row',
        option: [option('按行 z-score', 'row'), option('按列 z-score', 'column'), option('不标准化', 'none')],
      },
      { filed: 'clusterRows', name: '行聚类', type: 'switch', value: true },
      { filed: 'clusterCols', name: '列聚类', type: 'switch', value: true },
      {
        filed: 'linkage',
        name: '聚类方法',
        type: 'select_single',
        value: 'complete',
        option: [option('完全连接（complete）', 'complete'), option('平均连接（average）', 'average')],
      },
    ],
  }),
};
