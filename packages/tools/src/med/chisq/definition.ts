import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1006,
  key: 'chisq',
  version: 3,
  name: '卡方检验',
  subname: 'Chi-Square Test of Independence',
  description: '检验两个分类变量是否相关（如分组与疗效），给出列联表、Pearson 卡方、连续性校正、似然比卡方（G²）、Fisher 精确检验（R×C 表亦可）、残差分析与 Cramér V；可用频数列输入汇总数据。',
  family: 'med',
  categories: ['difference', 'categorical'],
  difficulty: 1,
  methods: ['Pearson 卡方检验', 'Yates 连续性校正', '似然比卡方检验（G²）', 'Fisher 精确检验', '标准化残差', "Cramér's V"],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { row: '组别', col: '疗效' },
  ...dataThenParams({
    tips: '每行一个观测对象，两列分类变量（如组别、疗效）；或每行一个格子，另有一列频数（加权数据）。',
    paramsDescription: '选择行变量与列变量',
    notice: '理论频数小于 5 的格子超过 20% 或有理论频数小于 1 时，以 Fisher 精确检验为准。',
    fields: [
      { filed: 'row', name: '行变量（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'col', name: '列变量（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'rowOrder', name: '行变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“对照组, 试验组”；列联表与图中的行按此顺序排列，未列出的类别按数据中首次出现的顺序排在后面。留空时按数据中首次出现的顺序。' },
      { filed: 'colOrder', name: '列变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“有效, 无效”；未列出的类别按数据中首次出现的顺序排在后面。留空时按数据中首次出现的顺序。' },
      {
        filed: 'weight',
        name: '频数（加权，可选）',
        type: 'select_single',
        columns: 'numeric',
        value: '',
        tips: '数据已汇总成每个格子一行时，选择记录频数的列：每行按该频数计数。频数须为非负整数。',
      },
      {
        filed: 'correct',
        name: '连续性校正（2×2表）',
        type: 'select_single',
        value: 'auto',
        option: [option('按理论频数自动选择', 'auto'), option('校正（Yates）', 'yes'), option('不校正', 'no')],
      },
    ],
  }),
};
