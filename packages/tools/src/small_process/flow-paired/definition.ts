import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';
import { checkAlphaField } from '../flow.js';

export const definition: ToolDefinition = {
  id: 3003,
  key: 'flow-paired',
  version: 1,
  name: '配对比较',
  subname: 'Guided Paired Comparison',
  description: '比较同一批对象的两次测量（如治疗前后）：先检验差值的正态性，再自动选择配对 t 检验或 Wilcoxon 符号秩检验，并写出每一步的判断。',
  family: 'small_process',
  categories: ['flow-difference'],
  difficulty: 1,
  methods: ['Shapiro-Wilk 正态性检验（差值）', '配对 t 检验', 'Wilcoxon 符号秩检验'],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { x1: '治疗前收缩压', x2: '治疗后收缩压' },
  ...dataThenParams({
    tips: '“宽格式”：两次测量各占一列，同一对象在同一行。',
    paramsDescription: '选择配对的两个变量',
    notice: '流程：差值（第一个变量 − 第二个变量）的 Shapiro-Wilk 正态性检验 → 服从正态用配对 t 检验，否则用 Wilcoxon 符号秩检验。任一值缺失的行不参与分析；双侧检验。',
    fields: [
      { filed: 'x1', name: '第一次测量（如治疗前）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'x2', name: '第二次测量（如治疗后）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      checkAlphaField(),
      levelField(),
    ],
  }),
};
