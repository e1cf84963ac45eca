import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1029,
  key: 'count-regression',
  version: 1,
  name: 'Poisson / 负二项回归',
  subname: 'Poisson and Negative Binomial Regression',
  description:
    '分析多个因素对计数结局（如发作次数、住院次数、新发病例数）或发生率（配合暴露时间/人年的偏移量）的影响：同时拟合 Poisson 与负二项回归，以过度离散检验（似然比检验与 Cameron–Trivedi 检验）在两者之间选择，给出发生率比 IRR 及置信区间、森林图、偏差、AIC/BIC、Pearson 离散度与模型检验。',
  family: 'med',
  categories: ['relation', 'regression'],
  difficulty: 4,
  methods: ['Poisson 回归', '负二项回归（NB2）', '偏移量（暴露时间）', '发生率比 IRR', '过度离散检验（似然比检验，边界校正）', 'Cameron–Trivedi 检验', '似然比检验', 'Wald 检验'],
  vip: true,
  runningTime: 5,
  example: 'epilepsy-seizures',
  exampleParams: { y: '随访发作次数', x: ['年龄', '基线发作次数'], factors: ['治疗组'] },
  ...dataThenParams({
    tips: '每行一个研究对象（或一个观察单位）：一列非负整数的计数结局；观察时间或人群规模不同时，另有一列暴露量（如随访人年）作为偏移量；以及若干影响因素（定量或分类）。',
    paramsDescription: '选择结局、偏移量、自变量与模型',
    notice: '分类自变量以数据中最先出现的类别为参照（可在“参照水平”中指定）。任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'y', name: '计数结局变量', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '非负整数，如发作次数、住院次数、病例数。' },
      { filed: 'offset', name: '暴露量 / 偏移量（可选）', type: 'select_single', columns: 'numeric', value: '', tips: '观察时间或人群规模不同时选择，如随访人年、观察天数、人口数；此时 IRR 为发生率（每单位暴露的次数）之比。' },
      {
        filed: 'offsetType',
        name: '偏移量列的含义',
        type: 'select_single',
        value: 'exposure',
        tips: '暴露量（原始值）：该列为人年、天数等，工具取其自然对数 log(暴露量) 作为偏移量，须大于 0；已取对数：该列已是 log(暴露量)，直接作为偏移量。',
        option: [option('暴露量原始值（工具取 log）', 'exposure'), option('已取对数的 log(暴露量)', 'log')],
      },
      { filed: 'x', name: '定量自变量', type: 'select_multi', columns: 'numeric', value: [], tips: 'IRR 表示该变量每增加 1 个单位时发生率（或期望计数）的倍数。' },
      { filed: 'factors', name: '分类自变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类自变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“治疗组=安慰剂”；未指定的变量以数据中最先出现的类别为参照。',
      },
      {
        filed: 'model',
        name: '报告的模型',
        type: 'select_single',
        value: 'auto',
        tips: '自动：过度离散的似然比检验 P < 0.05 时报告负二项回归，否则报告 Poisson 回归；也可指定其一（两者的拟合与检验总会列出）。',
        option: [option('按过度离散检验自动选择', 'auto'), option('Poisson 回归', 'poisson'), option('负二项回归', 'negbin')],
      },
      levelField(),
    ],
  }),
};
