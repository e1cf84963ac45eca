import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2005,
  key: 'violin',
  version: 1,
  name: '小提琴图',
  subname: 'Violin Plot with Inner Box',
  description: '按组绘制小提琴图（镜像的核密度曲线），内嵌箱线（四分位数与中位数），可叠加原始数据点，同时展示分布形状与中心位置。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['小提琴图', '核密度估计（bw.nrd0）', '内嵌箱线', '散点叠加'],
  vip: false,
  runningTime: 3,
  example: 'violin',
  exampleParams: { y: '术后第3天CRP', group: '术式' },
  ...dataThenParams({
    tips: '“长格式”：一列为数值，一列为分组（1~12 组）。',
    paramsDescription: '选择数值变量、分组变量与显示选项',
    notice: '各组小提琴按同一比例缩放（面积相同时宽度可比），两端截至各组的最小值与最大值（同 ggplot2 的默认）。',
    fields: [
      { filed: 'y', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'box', name: '显示内嵌箱线', type: 'switch', value: true },
      { filed: 'points', name: '显示数据点', type: 'switch', value: false },
    ],
  }),
};
