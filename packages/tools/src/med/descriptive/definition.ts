import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1001,
  key: 'descriptive',
  version: 1,
  name: '描述性统计',
  subname: 'Descriptive Statistics',
  description: '计算定量变量的样本量、缺失、均值、标准差、中位数、四分位数、极值、偏度和峰度，可按分组变量分别描述。',
  family: 'med',
  categories: ['basic', 'descriptive'],
  difficulty: 1,
  methods: ['均值±标准差', '中位数(四分位数)', '偏度与峰度', '均值的置信区间'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { vars: ['年龄', 'BMI', '治疗前收缩压'], group: '组别' },
  ...dataThenParams({
    tips: '第一行为变量名，每列一个变量，每行一个观测。',
    paramsDescription: '选择要描述的变量',
    notice: '选择一个或多个定量变量；可选一个分组变量按组分别描述。',
    fields: [
      { filed: 'vars', name: '分析变量（定量）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '' },
      levelField(),
      {
        filed: 'decimals',
        name: '小数位数',
        type: 'select_single',
        value: 2,
        option: [option('1位', 1), option('2位', 2), option('3位', 3), option('4位', 4)],
      },
    ],
  }),
};
