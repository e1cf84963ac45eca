import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2012,
  key: 'dot-errorbar',
  version: 1,
  name: '点图（误差线）',
  subname: 'Dot Plot with Error Bars',
  description: '按组绘制均数（t 分布置信区间）或中位数（二项分布精确置信区间）的点估计与误差线，可横向排列并按估计值排序，并以虚线标出全部观测的总体估计。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['均数及其 t 置信区间', '中位数及其精确置信区间（次序统计量）', '点图/误差线图'],
  vip: false,
  runningTime: 2,
  example: 'dot-errorbar',
  exampleParams: { y: 'HbA1c降幅', group: '研究中心' },
  ...dataThenParams({
    tips: '“长格式”：一列为数值，一列为分组（2~40 组，如研究中心、亚组）。',
    paramsDescription: '选择数值变量、分组变量、估计量与排列方式',
    notice: '中位数的置信区间由次序统计量按二项分布求得（保守的精确区间），实际覆盖率不低于所选置信水平，见表1。',
    fields: [
      { filed: 'y', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'center', name: '估计量', type: 'select_single', value: 'mean', option: [option('均数及其置信区间', 'mean'), option('中位数及其置信区间', 'median')] },
      { filed: 'horizontal', name: '横向排列（组名在纵轴）', type: 'switch', value: true },
      { filed: 'order', name: '组的顺序', type: 'select_single', value: 'name', option: [option('按组名', 'name'), option('按估计值从大到小', 'value')] },
      { filed: 'overall', name: '标出总体估计（虚线）', type: 'switch', value: true },
      levelField(),
    ],
  }),
};
