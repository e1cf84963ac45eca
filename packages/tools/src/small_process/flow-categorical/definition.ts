import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 3004,
  key: 'flow-categorical',
  version: 2,
  name: '两分类变量关联',
  subname: 'Guided Association of Two Categorical Variables',
  description: '分析两个分类变量是否关联（如组别与疗效）：按总例数与理论频数自动选择 Pearson 卡方检验、连续性校正卡方检验或 Fisher 精确检验，并写出每一步的判断。',
  family: 'small_process',
  categories: ['flow-association'],
  difficulty: 1,
  methods: ['理论频数判断', 'Pearson 卡方检验', 'Yates 连续性校正卡方检验', 'Fisher 精确检验', "Cramér's V"],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { row: '组别', col: '疗效' },
  ...dataThenParams({
    tips: '每行一个观测对象，两列分类变量（如组别、疗效）。',
    paramsDescription: '选择行变量与列变量',
    notice: '四格表：n ≥ 40 且所有理论频数 T ≥ 5 用 Pearson 卡方；n ≥ 40 且有 1 ≤ T < 5 用连续性校正卡方；n < 40 或有 T < 1 用 Fisher 精确检验。R×C 表：T < 5 的格子不超过 1/5 且无 T < 1 用 Pearson 卡方，否则用 Fisher 精确检验。',
    fields: [
      { filed: 'row', name: '行变量（分类，如组别）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'col', name: '列变量（分类，如结局）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'rowOrder', name: '行变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“对照组, 试验组”；未列出的类别按数据中首次出现的顺序排在后面。留空时按数据中首次出现的顺序。' },
      { filed: 'colOrder', name: '列变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“有效, 无效”；未列出的类别按数据中首次出现的顺序排在后面。留空时按数据中首次出现的顺序。' },
    ],
  }),
};
