import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6003,
  key: 'reliability',
  version: 1,
  name: '信度分析',
  subname: 'Reliability Analysis',
  description:
    '评价量表（或分量表）各条目测量同一特质的内部一致性：Cronbach’s α 及其置信区间、标准化 α、校正的条目–总分相关与“删除该条目后的 α”，McDonald’s ω（单因子模型），分半信度（Spearman–Brown 系数与 Guttman 分半系数）。反向计分条目可在表单中指定，自动反向后再计算。',
  family: 'advanced',
  categories: ['wenjuan', 'scale'],
  difficulty: 2,
  methods: ['Cronbach’s α（Feldt 置信区间）', '校正的条目–总分相关', '删除条目后的 α', 'McDonald’s ω（单因子）', '分半信度（Spearman–Brown、Guttman）', '反向计分'],
  vip: true,
  svip: true,
  runningTime: 2,
  example: 'anxiety-scale',
  exampleParams: { items: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'], reverse: ['A3', 'A6'] },
  ...dataThenParams({
    tips: '每行一名调查对象，每个条目一列，取值为数值化的得分（如 Likert 5 级计分 1 ~ 5）。',
    paramsDescription: '选择量表条目与反向计分条目',
    notice: '一次分析一个维度（分量表）的条目；多维量表请按维度分别分析。任一所选条目缺失的行不参与分析（列表删除）。',
    fields: [
      { filed: 'items', name: '量表条目', type: 'select_multi', columns: 'numeric', value: [], required: true, tips: '同一维度的全部条目，至少 2 个（McDonald’s ω 至少 3 个）。条目顺序决定分半的方式。' },
      { filed: 'reverse', name: '反向计分条目（可选）', type: 'select_multi', columns: 'numeric', value: [], tips: '与其他条目方向相反的条目（如焦虑量表中的“我感到平静”）。按“所选条目的最小值 + 最大值 − 原始得分”反向，如 1 ~ 5 计分时 1↔5、2↔4。' },
      {
        filed: 'split',
        name: '分半方式',
        type: 'select_single',
        value: 'first-second',
        tips: '前后分半：前一半条目与后一半条目（条目数为奇数时前一半多 1 个，同 SPSS）；奇偶分半：奇数号条目与偶数号条目。',
        option: [option('前后分半', 'first-second'), option('奇偶分半', 'odd-even')],
      },
      levelField(),
    ],
  }),
};
