import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2001,
  key: 'boxplot',
  version: 1,
  name: '箱线图',
  subname: 'Grouped Box Plot',
  description: '按组绘制箱线图，可叠加原始数据点，并用星号标注组间比较的显著性，可直接用于论文插图。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['箱线图', '散点叠加', 'Tukey HSD / Dunn 显著性标注'],
  vip: false,
  runningTime: 3,
  example: 'three-groups',
  exampleParams: { y: '体重增量', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为数值，一列为分组。',
    paramsDescription: '选择数值变量、分组变量与标注方法',
    notice: '显著性标注：参数法为 Tukey HSD（两组时为 Welch t 检验），非参数法为 Dunn 检验（Holm 校正；两组时为 Mann-Whitney U 检验）。',
    fields: [
      { filed: 'y', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'points', name: '显示数据点', type: 'switch', value: true },
      {
        filed: 'marks',
        name: '显著性标注',
        type: 'select_single',
        value: 'parametric',
        option: [option('参数法（Tukey / t 检验）', 'parametric'), option('非参数法（Dunn / Mann-Whitney）', 'nonparametric'), option('不标注', 'none')],
      },
    ],
  }),
};
