import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1033,
  key: 'factorial-anova',
  version: 1,
  name: '双因素方差分析 / 协方差分析',
  subname: 'Two-Way ANOVA / ANCOVA',
  description:
    '分析两个分类因素（如治疗方案与性别）及其交互作用对定量结局的影响，可加入协变量（如基线值）做协方差分析：III 型平方和方差分析表、偏 η²、估计边际均值及其置信区间、基于模型误差项的两两比较（Tukey / Bonferroni）、简单效应与交互作用图。',
  family: 'med',
  categories: ['difference', 'parametric'],
  difficulty: 3,
  methods: ['双因素方差分析', '协方差分析（ANCOVA）', 'III 型平方和（效应编码）', '偏 η²', '估计边际均值（EMM）', 'Tukey HSD（学生化极差）', 'Bonferroni 校正', '简单效应分析', 'Levene 方差齐性检验', '回归斜率同质性检验'],
  vip: true,
  runningTime: 5,
  example: 'bp-factorial',
  exampleParams: { y: '收缩压降幅', factorA: '治疗方案', factorB: '性别', covariates: ['基线收缩压'] },
  ...dataThenParams({
    tips: '数据为“长格式”：每行一个研究对象，一列定量结局，一到两列分类因素，可选若干定量协变量。',
    paramsDescription: '选择因变量、因素、协变量与两两比较方法',
    notice:
      '采用 III 型平方和（效应编码，同 SPSS 与 R car::Anova(type = 3)），各单元格样本量不等时也适用；交互作用有统计学意义时，应结合简单效应解读主效应。两两比较基于估计边际均值与模型的误差均方（同 R emmeans）。任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'y', name: '因变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'factorA', name: '因素 A（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'factorB', name: '因素 B（分类，可选）', type: 'select_single', columns: 'categorical', value: '', tips: '不选时为单因素方差分析或单因素协方差分析。' },
      { filed: 'covariates', name: '协变量（定量，可选）', type: 'select_multi', columns: 'numeric', value: [], tips: '选择后为协方差分析：估计边际均值是协变量取均值时的调整均值。' },
      { filed: 'interaction', name: '包含 A×B 交互作用', type: 'switch', value: true },
      {
        filed: 'posthoc',
        name: '两两比较',
        type: 'select_single',
        value: 'tukey',
        option: [option('Tukey（学生化极差）', 'tukey'), option('Bonferroni', 'bonferroni'), option('LSD（不校正）', 'none'), option('不做两两比较', 'skip')],
      },
      { filed: 'simple', name: '简单效应（在 B 的各水平内比较 A）', type: 'switch', value: true, tips: '交互作用存在时，分别在因素 B 的每个水平内对因素 A 的各水平做两两比较。' },
      {
        filed: 'order',
        name: '水平顺序（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=水平1,水平2,…”，多个变量用分号分隔，如“治疗方案=安慰剂,低剂量,高剂量”。未指定时按数据中最先出现的顺序。',
      },
      levelField(),
    ],
  }),
};
