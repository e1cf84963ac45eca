import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6004,
  key: 'cluster-analysis',
  version: 1,
  name: '聚类分析',
  subname: 'Cluster Analysis (k-means / Hierarchical)',
  description:
    '按多个定量指标把研究对象分成若干相似的类别（如代谢表型、症状群）：k 均值聚类（k-means++ 随机起点，可设随机种子与起点数）或层次聚类（Ward、最长距离、类平均、最短距离法，绘制聚类树，按类别数或高度切割）；用肘部图（组内平方和）与轮廓系数帮助选择类别数，给出各类别的样本量与特征，并把每个对象的类别另存为新数据文件的一列。',
  family: 'advanced',
  categories: ['fenxi', 'cluster'],
  difficulty: 3,
  methods: ['k 均值聚类（k-means++，Hartigan 调整）', '层次聚类（Ward.D2、complete、average、single）', '肘部图', '轮廓系数', '聚类树（树状图）', '变量标准化'],
  vip: true,
  svip: true,
  runningTime: 5,
  example: 'metabolic-cluster',
  exampleParams: { x: ['BMI', '腰围(cm)', '收缩压(mmHg)', '空腹血糖(mmol/L)', '甘油三酯(mmol/L)', 'HDL-C(mmol/L)'] },
  ...dataThenParams({
    tips: '每行一个研究对象，每个聚类指标一列（定量）。分类指标请先转为数值（如 0/1）或不纳入。',
    paramsDescription: '选择聚类指标与聚类方法',
    notice: '任一所选指标缺失的行不参与聚类（列表删除）。各对象的类别编号会另存为新数据文件的一列，可用于后续的组间比较或回归分析。',
    fields: [
      { filed: 'x', name: '聚类指标', type: 'select_multi', columns: 'numeric', value: [], required: true, tips: '至少 2 个定量指标。量纲不同的指标（如 BMI 与血糖）应标准化后聚类。' },
      {
        filed: 'method',
        name: '聚类方法',
        type: 'select_single',
        value: 'kmeans',
        tips: 'k 均值：速度快，适合样本量大、类别大致呈球形的情形，需预先给定类别数。层次聚类：给出完整的聚类树，便于观察类别的层次结构，样本量大（> 5000）时较慢。Ward 法使类内平方和增加最少，最常用。',
        option: [option('k 均值聚类（k-means）', 'kmeans'), option('层次聚类：Ward 法（ward.D2）', 'ward.D2'), option('层次聚类：最长距离法（complete）', 'complete'), option('层次聚类：类平均法（average）', 'average'), option('层次聚类：最短距离法（single）', 'single')],
      },
      { filed: 'k', name: '类别数 k', type: 'input_number', value: 3, props: { min: 2, max: 15, step: 1 }, tips: '最终分成的类别数。可先看肘部图与轮廓系数，再结合专业意义确定。' },
      { filed: 'height', name: '按高度切割聚类树（可选）', type: 'input_number', value: 0, props: { min: 0, step: 0.5 }, tips: '仅层次聚类：在聚类树的该高度处切割（同 R 的 cutree(h = …)），类别数由高度决定；填 0 则按类别数 k 切割。' },
      { filed: 'kmax', name: '比较的最大类别数', type: 'input_number', value: 8, props: { min: 3, max: 15, step: 1 }, tips: '肘部图与轮廓系数比较 k = 2 ~ 该值（肘部图另含 k = 1）。' },
      { filed: 'standardize', name: '指标标准化（z 分数）', type: 'switch', value: true, tips: '各指标减均数除以标准差后再计算欧氏距离，避免数值大的指标主导聚类。仅当各指标量纲相同、且希望保留其原始差异时才关闭。' },
      { filed: 'seed', name: '随机种子', type: 'input_number', value: 2024, props: { min: 1, step: 1 }, tips: 'k 均值随机起点的种子；种子相同，结果完全可重复。' },
      { filed: 'starts', name: '随机起点数', type: 'input_number', value: 25, props: { min: 1, max: 200, step: 1 }, tips: 'k 均值从多少组随机起点出发，取组内平方和最小的结果（同 R 的 kmeans(nstart = …)）。' },
    ],
  }),
};
