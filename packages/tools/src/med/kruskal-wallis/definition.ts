import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1008,
  key: 'kruskal-wallis',
  version: 1,
  name: 'Kruskal-Wallis检验',
  subname: 'Kruskal-Wallis H Test',
  description: '比较三个及以上独立组的分布是否相同，不要求正态分布；差异显著时用 Dunn 检验做两两比较。',
  family: 'med',
  categories: ['difference', 'nonparametric'],
  difficulty: 2,
  methods: ['Kruskal-Wallis H 检验', 'Dunn 两两比较', 'ε² 效应量'],
  vip: false,
  runningTime: 3,
  example: 'three-groups',
  exampleParams: { y: '体重增量', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（两组及以上）。',
    paramsDescription: '选择检验变量、分组变量与 P 值校正方法',
    notice: '两两比较使用 Dunn 检验，P 值按所选方法校正。',
    fields: [
      { filed: 'y', name: '检验变量（定量或等级）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
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
