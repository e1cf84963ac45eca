import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2004,
  key: 'density',
  version: 1,
  name: '密度图',
  subname: 'Kernel Density Plot',
  description: '用高斯核密度估计绘制定量变量的平滑分布曲线（带宽同 R 的 bw.nrd0，可调倍数），可按分组叠加比较，可在横轴下方加地毯线显示原始观测。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['核密度估计', 'Silverman 带宽（bw.nrd0）', '地毯图'],
  vip: false,
  runningTime: 3,
  example: 'density',
  exampleParams: { x: '空腹血糖', group: '组别' },
  ...dataThenParams({
    tips: '每行一个观测对象，选择一个定量变量；可选一个分组变量，各组密度曲线叠加显示。',
    paramsDescription: '选择变量、分组与带宽',
    notice: '每组按自己的数据用 bw.nrd0 计算带宽，再乘以“带宽倍数”；倍数大于 1 曲线更平滑，小于 1 细节更多。',
    fields: [
      { filed: 'x', name: '定量变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'adjust', name: '带宽倍数', type: 'input_number', value: 1, props: { min: 0.2, max: 5, step: 0.1 } },
      { filed: 'rug', name: '显示地毯线（原始观测）', type: 'switch', value: true },
    ],
  }),
};
