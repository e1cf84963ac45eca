import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const ITEMS_EXAMPLE = ['情绪耗竭1', '情绪耗竭2', '情绪耗竭3', '情绪耗竭4', '情绪耗竭5', '去人格化1', '去人格化2', '去人格化3', '去人格化4', '去人格化5', '成就感1', '成就感2', '成就感3', '成就感4', '成就感5'];

export const definition: ToolDefinition = {
  id: 6001,
  key: 'pca',
  version: 1,
  name: '主成分分析 PCA',
  subname: 'Principal Component Analysis',
  description:
    '把多个相关的定量变量浓缩为少数几个互不相关的主成分：给出 KMO 与 Bartlett 检验、特征值与方差解释率、碎石图、成分载荷矩阵与共同度、成分得分系数及双标图（biplot），并把各研究对象的主成分得分另存为新数据文件，可用于综合评价或作为回归的自变量。结果与 R 的 prcomp 一致。',
  family: 'advanced',
  categories: ['fenxi', 'dimension'],
  difficulty: 3,
  methods: ['主成分分析（相关矩阵 / 协方差矩阵）', 'Kaiser 准则（特征值 > 1）', '碎石图', 'KMO 与 Bartlett 球形度检验', '成分载荷与共同度', '主成分得分', '双标图'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'scale-items',
  exampleParams: { vars: ITEMS_EXAMPLE },
  ...dataThenParams({
    tips: '每行一个研究对象，每个所选变量一列（定量或等级评分，如量表条目、各项检验指标）。',
    paramsDescription: '选择变量与主成分个数',
    notice: '任一所选变量缺失的行不参与分析（列表删除）。变量单位不同时请用相关矩阵（即先标准化）。主成分得分会另存为新数据文件。',
    fields: [
      { filed: 'vars', name: '分析变量', type: 'select_multi', columns: 'numeric', required: true, value: [], tips: '至少 3 个定量变量。' },
      {
        filed: 'matrix',
        name: '分析矩阵',
        type: 'select_single',
        value: 'correlation',
        tips: '相关矩阵：各变量先标准化（R 的 prcomp(scale. = TRUE)，SPSS 默认），变量单位或量纲不同时必须用它；协方差矩阵：保留原始方差，仅适用于单位相同、方差可比的变量。',
        option: [option('相关矩阵（标准化）', 'correlation'), option('协方差矩阵', 'covariance')],
      },
      { filed: 'components', name: '保留的主成分个数', type: 'input_number', value: 0, props: { min: 0, max: 50, step: 1 }, tips: '0 表示按 Kaiser 准则自动确定（相关矩阵：特征值 > 1；协方差矩阵：特征值大于平均特征值）；也可结合碎石图与累计方差解释率（常要求 ≥ 70% ~ 80%）指定。' },
      {
        filed: 'scores',
        name: '保存的主成分得分',
        type: 'select_single',
        value: 'standardized',
        tips: '标准化得分：每个主成分得分的均数为 0、方差为 1（同 SPSS 的“保存为变量”）；原始得分：R 的 prcomp()$x，方差等于特征值，可按方差贡献率加权求综合得分。',
        option: [option('标准化得分（方差为 1）', 'standardized'), option('原始得分（prcomp$x）', 'raw')],
      },
      { filed: 'blank', name: '载荷表中隐藏的小载荷（绝对值小于）', type: 'input_number', value: 0, props: { min: 0, max: 0.6, step: 0.05 }, tips: '0 表示全部显示；常用 0.3 或 0.4，使结构更清楚。' },
    ],
  }),
};
