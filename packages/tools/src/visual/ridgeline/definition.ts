import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2011,
  key: 'ridgeline',
  version: 1,
  name: '山脊图',
  subname: 'Ridgeline Plot',
  description: '把各组的核密度曲线上下错开、部分重叠排列（山脊图），适合比较较多组（如年龄段、时间点）的分布位置与形状。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['核密度估计', 'Silverman 带宽（bw.nrd0）', '山脊图'],
  vip: false,
  runningTime: 3,
  example: 'ridgeline',
  exampleParams: { y: '收缩压', group: '年龄组' },
  ...dataThenParams({
    tips: '“长格式”：一列为数值，一列为分组（2~20 组）。',
    paramsDescription: '选择数值变量、分组变量与重叠程度',
    notice: '每组按自己的数据用 bw.nrd0 计算带宽；各组曲线按同一比例缩放，高度可直接比较。',
    fields: [
      { filed: 'y', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'adjust', name: '带宽倍数', type: 'input_number', value: 1, props: { min: 0.2, max: 5, step: 0.1 } },
      { filed: 'overlap', name: '重叠程度', type: 'input_number', value: 1.5, props: { min: 0.5, max: 3, step: 0.1 } },
    ],
  }),
};
