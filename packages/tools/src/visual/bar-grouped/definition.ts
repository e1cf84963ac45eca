import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2007,
  key: 'bar-grouped',
  version: 1,
  name: '分组/堆积柱状图',
  subname: 'Grouped and Stacked Bar Chart',
  description: '按两个分类变量绘制分组或堆积柱状图，纵轴可选频数或构成比（各类别内百分比），并给出列联表与 Pearson χ² 检验。',
  family: 'visual',
  categories: ['statplot', 'composition-plot'],
  difficulty: 1,
  methods: ['列联表（频数与构成比）', 'Pearson χ² 检验', 'Cramér V', '分组/堆积柱状图'],
  vip: false,
  runningTime: 2,
  example: 'bar-grouped',
  exampleParams: { x: '病理分期', fill: '疗效' },
  ...dataThenParams({
    tips: '每行一个观测（个体），两列分类变量：横轴变量（如病理分期）与分组（颜色）变量（如疗效）。',
    paramsDescription: '选择横轴变量、分组变量与柱的排列方式',
    notice: '构成比按横轴的每个类别计算（各柱组合计为 100%）；χ² 检验比较各类别间分组变量的构成是否不同。',
    fields: [
      { filed: 'x', name: '横轴变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'fill', name: '分组（颜色）变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'layout', name: '排列方式', type: 'select_single', value: 'stacked', option: [option('堆积', 'stacked'), option('分组（并列）', 'grouped')] },
      { filed: 'scale', name: '纵轴', type: 'select_single', value: 'percent', option: [option('构成比（%）', 'percent'), option('频数', 'count')] },
      { filed: 'labels', name: '在柱上标注数值', type: 'switch', value: true },
      { filed: 'xOrder', name: '横轴类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“I期, II期, III期, IV期”；未列出的类别按数据中首次出现的顺序排在后面。' },
      { filed: 'fillOrder', name: '分组类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“完全缓解, 部分缓解, 疾病稳定, 疾病进展”；留空时按数据中首次出现的顺序。' },
    ],
  }),
};
