import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1005,
  key: 'anova-oneway',
  version: 1,
  name: '单因素方差分析',
  subname: 'One-Way ANOVA',
  description: '比较三个及以上独立组的均值是否相同（如三种饲料的体重增量），检验正态性与方差齐性，给出 ANOVA 表、效应量与两两比较。',
  family: 'med',
  categories: ['difference', 'parametric'],
  difficulty: 2,
  methods: ['单因素方差分析', 'Welch 方差分析', 'Tukey HSD', 'Games-Howell', 'Dunnett', 'η² 与 ω²'],
  vip: false,
  runningTime: 3,
  example: 'three-groups',
  exampleParams: { y: '体重增量', group: '组别' },
  ...dataThenParams({
    tips: '数据为“长格式”：一列为检验变量，一列为分组（两组及以上，通常三组以上）。',
    paramsDescription: '选择检验变量、分组变量与两两比较方法',
    notice: '方差不齐时自动改用 Welch 方差分析，两两比较建议选 Games-Howell；Dunnett 以排序后的第一组为对照。',
    fields: [
      { filed: 'y', name: '检验变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
      {
        filed: 'method',
        name: '方差假定',
        type: 'select_single',
        value: 'auto',
        option: [option('按 Levene 检验自动选择', 'auto'), option('方差齐（经典 ANOVA）', 'classic'), option('方差不齐（Welch）', 'welch')],
      },
      {
        filed: 'posthoc',
        name: '两两比较',
        type: 'select_single',
        value: 'tukey',
        option: [
          option('Tukey HSD', 'tukey'),
          option('Games-Howell（方差不齐）', 'games-howell'),
          option('Bonferroni', 'bonferroni'),
          option('LSD（不校正）', 'lsd'),
          option('Dunnett（与对照组比较）', 'dunnett'),
          option('不做两两比较', 'none'),
        ],
      },
      levelField(),
    ],
  }),
};
