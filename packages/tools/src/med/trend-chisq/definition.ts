import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1019,
  key: 'trend-chisq',
  version: 1,
  name: '趋势卡方检验（Cochran–Armitage）',
  subname: 'Cochran–Armitage Test for Trend',
  description: '检验二分类结局的发生率是否随有序分组（如剂量、分级、年龄段）呈线性趋势：各组发生率、Cochran–Armitage 趋势检验（Z 与 P）以及偏离线性趋势的检验。',
  family: 'med',
  categories: ['difference', 'categorical'],
  difficulty: 1,
  methods: ['Cochran–Armitage 趋势检验', '偏离线性趋势的卡方检验', 'Pearson 卡方（2×k）', '等距评分或自定义评分'],
  vip: false,
  runningTime: 2,
  example: 'dose-response',
  exampleParams: { group: '剂量组', outcome: '疗效' },
  ...dataThenParams({
    tips: '每行一个研究对象：一列为有序分组（如 安慰剂/低/中/高剂量），一列为二分类结局（如 缓解/未缓解）；可另选一列数值作为各组的评分（如剂量 mg）。',
    paramsDescription: '选择有序分组、结局与评分',
    notice: '分组必须有自然顺序，请在“组的顺序”中按从低到高填写（留空时按数据中首次出现的顺序，评分为 1, 2, …, k）。选择评分列时，同一组的评分必须相同，组按评分从小到大排列。',
    fields: [
      { filed: 'group', name: '有序分组', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'groupOrder', name: '组的顺序（从低到高）', type: 'input', value: '', tips: '用逗号分隔组名，如“安慰剂, 低剂量, 中剂量, 高剂量”；评分依次为 1, 2, 3, 4。留空时按数据中首次出现的顺序。' },
      { filed: 'score', name: '评分列（可选，数值）', type: 'select_single', columns: 'numeric', value: '', tips: '各组的评分（如剂量）；留空时用等距评分 1, 2, …, k。' },
      { filed: 'outcome', name: '结局（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      positiveLevelField('positive', '结局阳性的取值', '填写代表“发生/有效”的取值（如 缓解）；留空时按名称自动识别（如 阳性、是、有、1）。'),
    ],
  }),
};
