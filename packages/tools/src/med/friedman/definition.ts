import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1025,
  key: 'friedman',
  version: 1,
  name: 'Friedman 检验',
  subname: 'Friedman Rank Sum Test with Post Hoc Comparisons',
  description: '比较同一批对象在 3 个及以上条件（时间点、处理）下的测量值分布是否相同，是重复测量方差分析的非参数替代；给出 Kendall W 与两两比较。',
  family: 'med',
  categories: ['difference', 'nonparametric'],
  difficulty: 3,
  methods: ['Friedman 检验', "Kendall's W", '两两 Wilcoxon 符号秩检验', 'Conover 两两比较', 'P 值校正'],
  vip: false,
  runningTime: 3,
  example: 'postop-pain',
  exampleParams: { vars: ['术后6小时VAS', '术后24小时VAS', '术后48小时VAS', '术后72小时VAS'] },
  ...dataThenParams({
    tips: '“宽格式”：每个条件（时间点或处理）占一列，同一对象在同一行。',
    paramsDescription: '选择各条件的列与两两比较方法',
    notice: '任一条件缺失的对象整行不参与分析（列表删除）；区组内的结按平均秩处理并校正。',
    fields: [
      { filed: 'vars', name: '各条件的测量（至少 3 列）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      {
        filed: 'posthoc',
        name: '两两比较方法',
        type: 'select_single',
        value: 'wilcoxon',
        option: [option('配对 Wilcoxon 符号秩检验', 'wilcoxon'), option('Conover 检验', 'conover'), option('不做两两比较', 'none')],
      },
      {
        filed: 'adjust',
        name: '两两比较 P 值校正',
        type: 'select_single',
        value: 'holm',
        option: [option('Holm', 'holm'), option('Bonferroni', 'bonferroni'), option('Benjamini-Hochberg（FDR）', 'BH'), option('不校正', 'none')],
      },
    ],
  }),
};
