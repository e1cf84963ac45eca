import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2002,
  key: 'scatter',
  version: 2,
  name: '散点图',
  subname: 'Scatter Plot with Fitted Line',
  description: '绘制两个定量变量的散点图，叠加线性拟合线及其置信带，可按分组着色并分组拟合，可在上方和右侧显示边际分布，并给出回归方程、R² 与 P 值。',
  family: 'visual',
  categories: ['statplot', 'relation-plot'],
  difficulty: 1,
  methods: ['散点图', '线性拟合', '均值的置信带', '分组拟合', '边际分布直方图'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { x: '治疗前收缩压', y: '治疗后收缩压', group: '组别' },
  ...dataThenParams({
    tips: '每行一个观测对象，选择横轴与纵轴两个定量变量，可选一个分组变量用于着色。',
    paramsDescription: '选择横轴、纵轴与分组变量',
    notice: '拟合线为最小二乘直线（选择分组时每组一条），置信带为拟合均值的置信区间。超过 5000 个点时图中只绘制固定种子抽取的 5000 个点，统计量仍基于全部数据。',
    fields: [
      { filed: 'x', name: '横轴变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'y', name: '纵轴变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组着色（可选）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'fit', name: '显示拟合线与置信带', type: 'switch', value: true },
      levelField(),
      // Added in version 2: at the end, so the ids of the fields before it stay as published.
      { filed: 'marginal', name: '显示边际分布（直方图）', type: 'switch', value: false },
    ],
  }),
};
