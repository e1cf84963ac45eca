import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6014,
  key: 'correspondence',
  version: 1,
  name: '对应分析',
  subname: 'Correspondence Analysis',
  description:
    '把两个多类别分类变量的列联表画到同一张低维图上，直观展示哪些行类别与哪些列类别相互对应：给出列联表与卡方检验、各维度的主惯量（特征值）与解释比例、行点与列点的质量、坐标、贡献率和平方余弦（表示质量），以及行列对称图。结果与 R 的 ca::ca 一致。',
  family: 'advanced',
  categories: ['fenxi', 'multi-association'],
  difficulty: 3,
  methods: ['简单对应分析（标准化残差的奇异值分解）', '主惯量与惯量百分比', 'Pearson 卡方检验', '质量、贡献率与平方余弦', '对称图（行列主坐标）'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'health-info-survey',
  exampleParams: { row: '年龄组', col: '首选就医机构' },
  ...dataThenParams({
    tips: '每行一个研究对象，两列分类变量（各至少 2 个、最好 3 个以上类别）；或每行一个格子，另有一列频数。',
    paramsDescription: '选择行变量与列变量',
    notice: '任一变量缺失的行不参与分析。类别频数太少（如少于 5）的类别位置不稳定，可考虑与相近类别合并。两个变量都只有 2 个类别时只有 1 个维度，不宜做对应分析。',
    fields: [
      { filed: 'row', name: '行变量（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'col', name: '列变量（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'rowOrder', name: '行变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“18-34岁, 35-49岁, 50-64岁, 65岁及以上”；未列出的类别按数据中首次出现的顺序排在后面。' },
      { filed: 'colOrder', name: '列变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '未列出的类别按数据中首次出现的顺序排在后面。' },
      { filed: 'weight', name: '频数（加权，可选）', type: 'select_single', columns: 'numeric', value: '', tips: '数据已汇总成每个格子一行时，选择记录频数的列（非负整数）。' },
    ],
  }),
};
