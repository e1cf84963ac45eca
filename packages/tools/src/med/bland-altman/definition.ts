import { dataThenParams, levelField } from '../../common.js';
import { type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1022,
  key: 'bland-altman',
  version: 1,
  name: 'Bland–Altman',
  subname: 'Bland–Altman Limits of Agreement',
  description:
    '比较两种测量方法（或两位测量者）对同一批对象的定量测量是否一致：平均差（偏倚）及其置信区间、差值标准差、95% 一致性界限及其置信区间、以差值对均值回归检验比例偏倚，可选百分比差值，并绘制 Bland–Altman 图。',
  family: 'med',
  categories: ['diagnostic', 'agreement'],
  difficulty: 2,
  methods: ['Bland–Altman 一致性界限', '配对 t 检验（偏倚）', '比例偏倚回归'],
  vip: false,
  runningTime: 2,
  example: 'agreement',
  exampleParams: { method1: '医师A测量', method2: '软件测量' },
  ...dataThenParams({
    tips: '数据为“宽格式”：每行一个被测对象，两种方法的测量值各一列（单位相同）。',
    paramsDescription: '选择两种方法的测量值',
    notice: '差值 = 方法1 − 方法2。任一列缺失的行不参与分析。一致性界限是否可接受需由临床意义事先确定，统计量本身不能回答。',
    fields: [
      { filed: 'method1', name: '方法1（如新方法）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'method2', name: '方法2（如参照方法）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'regression', name: '检验比例偏倚（差值对均值回归）', type: 'switch', value: true },
      {
        filed: 'percent',
        name: '同时分析百分比差值',
        type: 'switch',
        value: false,
        tips: '差值随测量值增大而变大时，用差值占两法均值的百分比 100 ×（方法1 − 方法2）/ 均值 分析更合适。',
      },
      levelField(),
    ],
  }),
};
