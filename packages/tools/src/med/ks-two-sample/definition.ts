import { alternativeField, dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1026,
  key: 'ks-two-sample',
  version: 1,
  name: '两样本 Kolmogorov–Smirnov 检验',
  subname: 'Two-Sample Kolmogorov–Smirnov Test',
  description: '比较两个独立组的整个分布（位置、离散程度与形状）是否相同，以两组经验累积分布函数（ECDF）的最大差距 D 为统计量，并绘制两组的 ECDF 图。',
  family: 'med',
  categories: ['difference', 'nonparametric'],
  difficulty: 2,
  methods: ['两样本 Kolmogorov-Smirnov 检验', '精确 P 值', '经验累积分布函数图'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { y: '治疗后收缩压', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（恰好两组）。',
    paramsDescription: '选择检验变量与分组变量',
    notice: '两组样本量之积小于 10000 时给出精确 P 值（有结时也精确计算，与 R 4.2 的 ks.test 相同），否则用渐近分布。',
    fields: [
      { filed: 'y', name: '检验变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（两组）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      alternativeField('双侧（两组分布不同）', '第一组的 ECDF 高于第二组（第一组偏小）', '第一组的 ECDF 低于第二组（第一组偏大）'),
    ],
  }),
};
