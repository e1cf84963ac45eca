import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1032,
  key: 'repeated-anova',
  version: 1,
  name: '重复测量方差分析',
  subname: 'Repeated-Measures ANOVA',
  description:
    '分析同一批对象在多个时间点（或条件下）重复测量的定量指标是否随时间变化，并可加入组间因素（如治疗组别）检验组别效应与时间×组别交互作用：Mauchly 球形检验、Greenhouse–Geisser 与 Huynh–Feldt 校正、组间效应、简单效应与均值轮廓图。',
  family: 'med',
  categories: ['difference', 'parametric'],
  difficulty: 4,
  methods: ['重复测量方差分析', '混合设计（裂区）方差分析', 'Mauchly 球形检验', 'Greenhouse–Geisser 校正', 'Huynh–Feldt 校正', 'III 型平方和', '偏 η²', '简单效应分析', '估计边际均值两两比较', 'Bonferroni 校正的配对 t 检验'],
  vip: true,
  runningTime: 3,
  example: 'hba1c-followup',
  exampleParams: { vars: ['基线HbA1c', '第3个月HbA1c', '第6个月HbA1c', '第12个月HbA1c'], group: '管理方案' },
  ...dataThenParams({
    tips: '数据为“宽格式”：每行一个研究对象，每个时间点（测量条件）一列，可另有一列组别（组间因素）。',
    paramsDescription: '按时间顺序选择各次测量的列，可选组间因素',
    notice:
      '各次测量的列按选择顺序作为时间顺序。任一次测量或组别缺失的对象整体不参与分析（列表删除）。违反球形假设时自动采用校正结果：ε(GG) > 0.75 用 Huynh–Feldt，否则用 Greenhouse–Geisser。',
    fields: [
      { filed: 'vars', name: '各次测量（按时间顺序，至少 2 列）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      { filed: 'group', name: '组间因素（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '如治疗组别；不选时为单因素重复测量方差分析。' },
      { filed: 'groupOrder', name: '组别顺序（可选）', type: 'input', value: '', tips: '用逗号分隔，如“常规管理,强化管理”；未指定时按数据中最先出现的顺序。' },
      {
        filed: 'correction',
        name: '球形校正',
        type: 'select_single',
        value: 'auto',
        option: [
          option('自动（按 Mauchly 检验与 ε 选择）', 'auto'),
          option('不校正（假定球形）', 'none'),
          option('Greenhouse–Geisser', 'gg'),
          option('Huynh–Feldt', 'hf'),
        ],
      },
      { filed: 'simple', name: '简单效应分析', type: 'switch', value: true, tips: '有组间因素时：各组内的时间效应、各时间点的组间差异，以及各时间点的两两比较（估计边际均值，Bonferroni 校正）；无组间因素时为配对 t 检验的两两比较。' },
      {
        filed: 'errorBar',
        name: '轮廓图误差线',
        type: 'select_single',
        value: 'se',
        option: [option('标准误（SE）', 'se'), option('置信区间（CI）', 'ci'), option('标准差（SD）', 'sd')],
      },
      levelField(),
    ],
  }),
};
