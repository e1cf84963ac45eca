import { alternativeField, dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1023,
  key: 'wilcoxon-signed-rank',
  version: 1,
  name: 'Wilcoxon 符号秩检验',
  subname: 'Wilcoxon Signed-Rank Test (paired)',
  description: '比较同一批对象两次测量（如治疗前后）的差值是否以 0 为中心，不要求差值服从正态分布；给出 Hodges-Lehmann 伪中位数及其置信区间和效应量 r。',
  family: 'med',
  categories: ['difference', 'nonparametric'],
  difficulty: 2,
  methods: ['Wilcoxon 符号秩检验', '精确 P 值', 'Hodges-Lehmann 伪中位数及置信区间', '效应量 r = Z/√n', '匹配秩双列相关'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { x1: '治疗前收缩压', x2: '治疗后收缩压' },
  ...dataThenParams({
    tips: '“宽格式”：两次测量各占一列，同一对象在同一行。',
    paramsDescription: '选择配对的两个变量',
    notice: '差值 = 第一个变量 − 第二个变量；差值为 0 的对子不参与秩次（与 R 的 wilcox.test 相同）。非零差值少于 50 对且无结时给出精确 P 值与精确置信区间，否则用带连续性校正与结校正的正态近似。',
    fields: [
      { filed: 'x1', name: '第一次测量（如治疗前）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'x2', name: '第二次测量（如治疗后）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      alternativeField('双侧（差值中心不为0）', '第一次 > 第二次', '第一次 < 第二次'),
      levelField(),
    ],
  }),
};
