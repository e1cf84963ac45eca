import { dataThenParams } from '../../common.js';
import { metaModelFields } from '../../meta-analysis.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1031,
  key: 'meta-continuous',
  version: 1,
  name: 'Meta 分析（连续型结局）',
  subname: 'Meta-analysis of Continuous Outcomes (MD / SMD)',
  description:
    '合并多项研究两组的均数、标准差与例数：均数差 MD 或标准化均数差 SMD（Hedges g）；固定效应（逆方差）与随机效应（REML、DerSimonian–Laird）模型，Q 检验、I²、H²、τ² 及其置信区间、预测区间，带权重的森林图、漏斗图与 Egger 检验，亚组分析与亚组间差异检验，逐一剔除敏感性分析。',
  family: 'med',
  categories: ['evidence', 'meta'],
  difficulty: 3,
  methods: ['均数差 MD', '标准化均数差（Hedges g）', '逆方差法', 'DerSimonian–Laird 随机效应', 'REML 随机效应', 'Q 检验与 I²', 'τ² 的 Q-profile 置信区间', '预测区间', '森林图', '漏斗图', 'Egger 检验', '亚组分析', '逐一剔除分析'],
  vip: true,
  runningTime: 3,
  example: 'stroke-unit-trials',
  exampleParams: {
    study: '研究',
    m1: '卒中单元组住院天数均值',
    sd1: '卒中单元组住院天数标准差',
    n1: '卒中单元组例数',
    m2: '常规护理组住院天数均值',
    sd2: '常规护理组住院天数标准差',
    n2: '常规护理组例数',
  },
  ...dataThenParams({
    tips: '每行一项研究（汇总数据）：研究名称列，试验组的均数、标准差、例数，对照组的均数、标准差、例数；可另有一列亚组变量（如 国家、设计类型）。',
    paramsDescription: '选择各组的均数、标准差、例数与效应量',
    notice: '标准差必须大于 0，每组例数至少 2。各研究的结局测量单位相同时用 MD；量表或单位不同时用 SMD。任一所用列缺失的研究不参与分析。',
    fields: [
      { filed: 'study', name: '研究名称', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'm1', name: '试验组均数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'sd1', name: '试验组标准差', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'n1', name: '试验组例数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'm2', name: '对照组均数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'sd2', name: '对照组标准差', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'n2', name: '对照组例数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'arm1', name: '试验组名称（可选）', type: 'input', value: '', tips: '用于表格与结论的文字，如 干预组；留空时取试验组各列列名的共同前缀（如 接种组），没有则写作“试验组”。' },
      { filed: 'arm2', name: '对照组名称（可选）', type: 'input', value: '', tips: '留空时取对照组各列列名的共同前缀，没有则写作“对照组”。' },
      { filed: 'outcomeLabel', name: '结局名称（可选）', type: 'input', value: '', tips: '用于结论，如 住院天数；留空时写作“结局均值”。' },
      {
        filed: 'measure',
        name: '效应量',
        type: 'select_single',
        value: 'MD',
        option: [option('均数差 MD（单位相同）', 'MD'), option('标准化均数差 SMD（Hedges g，单位或量表不同）', 'SMD')],
      },
      ...metaModelFields(),
    ],
  }),
};
