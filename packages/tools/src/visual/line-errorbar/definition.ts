import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';
import { errorField } from '../shared/group-stats.js';

export const definition: ToolDefinition = {
  id: 2008,
  key: 'line-errorbar',
  version: 1,
  name: '折线图（误差线）',
  subname: 'Line Chart with Error Bars',
  description: '长格式数据（时间、数值、分组）按时间点与组别计算均数，绘制带误差线（标准差、标准误或置信区间）的折线图，用于展示随访或时间进程中的变化趋势。',
  family: 'visual',
  categories: ['statplot', 'composition-plot'],
  difficulty: 1,
  methods: ['均数 ± SD/SE/CI', '时间进程折线图'],
  vip: false,
  runningTime: 2,
  example: 'line-errorbar',
  exampleParams: { time: '随访周', y: '收缩压', group: '组别' },
  ...dataThenParams({
    tips: '“长格式”：每行一次测量，一列为时间点（如随访周），一列为数值，可选一列分组。',
    paramsDescription: '选择时间、数值与分组变量及误差线',
    notice: '时间点全为数字时按数值大小排序，否则按数据中首次出现的顺序；每个时间点与组别的均数之间连线。',
    fields: [
      { filed: 'time', name: '时间变量', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'y', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '' },
      errorField(),
      levelField(),
    ],
  }),
};
