import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2041,
  key: 'waterfall',
  version: 1,
  name: '瀑布图',
  subname: 'Waterfall Plot of Tumour Response',
  description: '每位患者一根柱，展示靶病灶最佳缩小百分比，从大到小排列，按 RECIST 最佳疗效着色，并标出 +20% 与 −30% 参考线，同时给出客观缓解率与疾病控制率。',
  family: 'visual',
  categories: ['statplot', 'clinical-plot'],
  difficulty: 2,
  methods: ['瀑布图', 'RECIST 1.1', '客观缓解率（Clopper-Pearson 精确置信区间）'],
  vip: false,
  runningTime: 3,
  example: 'io-trial',
  exampleParams: { id: '患者编号', change: '最佳肿瘤变化率(%)', response: '最佳疗效' },
  ...dataThenParams({
    tips: '每行一位患者：患者编号、靶病灶直径总和相对基线的最佳变化百分比（缩小为负数），可另有最佳疗效（CR/PR/SD/PD）。',
    paramsDescription: '选择患者编号、变化率与疗效列',
    notice: '未选择疗效列时，按变化率推断：−100% 为 CR，≤ −30% 为 PR，≥ +20% 为 PD，其余为 SD（RECIST 1.1 的靶病灶标准，未考虑新病灶与非靶病灶）。',
    fields: [
      { filed: 'id', name: '患者编号', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'change', name: '最佳变化百分比（%）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'response', name: '最佳疗效（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '取值为 CR、PR、SD、PD（或完全缓解、部分缓解、疾病稳定、疾病进展），其他取值按“不可评价”处理。' },
    ],
  }),
};
