import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2009,
  key: 'pie',
  version: 1,
  name: '饼图/环形图',
  subname: 'Pie and Donut Chart',
  description: '按一个分类变量的频数绘制饼图或环形图，标注频数与百分比，并给出各类别构成比的 95% 置信区间（Clopper-Pearson 精确法）。',
  family: 'visual',
  categories: ['statplot', 'composition-plot'],
  difficulty: 1,
  methods: ['频数与构成比', 'Clopper-Pearson 置信区间', '饼图/环形图'],
  vip: false,
  runningTime: 1,
  example: 'pie',
  exampleParams: { x: '卒中类型' },
  ...dataThenParams({
    tips: '每行一个观测（个体），选择一列分类变量（2~20 个类别）。',
    paramsDescription: '选择分类变量与图形样式',
    notice: '饼图适合展示 2~6 个类别的构成；类别较多或需要精确比较时，柱状图更易读。',
    fields: [
      { filed: 'x', name: '分类变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'donut', name: '环形图', type: 'switch', value: false },
      { filed: 'sort', name: '扇区顺序', type: 'select_single', value: 'desc', option: [option('按频数从大到小', 'desc'), option('按数据中首次出现的顺序', 'data')] },
      { filed: 'labels', name: '扇区标签', type: 'select_single', value: 'both', option: [option('频数与百分比', 'both'), option('仅百分比', 'percent'), option('仅频数', 'count'), option('不显示', 'none')] },
      levelField(),
    ],
  }),
};
