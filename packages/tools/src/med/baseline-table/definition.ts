import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1016,
  key: 'baseline-table',
  version: 2,
  name: '基线特征表',
  subname: 'Table 1 (Baseline Characteristics)',
  description:
    '一键生成论文“表1”：定量变量按正态性自动以均值 ± 标准差或中位数 (P25, P75) 描述，分类变量以例数 (%) 描述；按组比较时逐变量自动选择 t 检验/Welch/Mann-Whitney、方差分析/Kruskal-Wallis、χ²/Fisher 精确检验，并给出标准化均数差（SMD）与缺失例数。',
  family: 'med',
  categories: ['basic', 'descriptive'],
  difficulty: 1,
  methods: [
    '均值 ± 标准差',
    '中位数 (P25, P75)',
    '例数 (%)',
    'Shapiro-Wilk 正态性检验',
    'Levene 方差齐性检验',
    't 检验 / Welch t 检验',
    'Mann-Whitney U 检验',
    '单因素方差分析 / Welch 方差分析',
    'Kruskal-Wallis H 检验',
    'Pearson χ² 检验',
    'Fisher 精确检验',
    '标准化均数差（SMD）',
  ],
  vip: false,
  runningTime: 3,
  example: 'diabetes-cohort',
  exampleParams: {
    group: '分组',
    vars: ['性别', '年龄', 'BMI', '病程', '吸烟', '高血压', '糖化血红蛋白', '空腹血糖', '甘油三酯', '低密度脂蛋白', 'eGFR', '视网膜病变'],
  },
  ...dataThenParams({
    tips: '每行一名研究对象，每列一个变量；分组变量（如试验组/对照组）为一列。文字列按分类变量描述，数值列按定量变量描述（数字编码的分类变量请在下方指定）。',
    paramsDescription: '选择分组变量与要列入表1的变量',
    notice:
      '定量变量默认按各组 Shapiro-Wilk 检验决定描述方式与检验方法（任一组 P<0.05 视为偏态）；可在“按正态处理的变量”“按偏态处理的变量”中逐个指定。随机对照试验的基线比较一般只需描述与 SMD，P 值仅供参考。',
    fields: [
      { filed: 'group', name: '分组变量（可选，2组及以上）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'groupOrder', name: '组的顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“对照组, 试验组”，表1的各组列按此顺序排列；未列出的组按数据中首次出现的顺序排在后面。留空时按数据中首次出现的顺序。' },
      { filed: 'vars', name: '列入表1的变量（定量、分类均可）', type: 'select_multi', columns: 'any', required: true, value: [] },
      { filed: 'factor_vars', name: '按分类处理的数值变量（如 0/1 编码）', type: 'select_multi', columns: 'numeric', value: [] },
      {
        filed: 'display',
        name: '定量变量的默认描述方式',
        type: 'select_single',
        value: 'auto',
        option: [option('按正态性自动选择', 'auto'), option('均值 ± 标准差', 'mean'), option('中位数 (P25, P75)', 'median')],
      },
      { filed: 'normal_vars', name: '按正态处理的变量（均值 ± 标准差，参数检验）', type: 'select_multi', columns: 'numeric', value: [] },
      { filed: 'nonnormal_vars', name: '按偏态处理的变量（中位数 (P25, P75)，秩和检验）', type: 'select_multi', columns: 'numeric', value: [] },
      {
        filed: 'decimals',
        name: '定量变量小数位数',
        type: 'select_single',
        value: 2,
        option: [option('0位', 0), option('1位', 1), option('2位', 2), option('3位', 3), option('4位', 4)],
      },
      { filed: 'overall', name: '显示合计列', type: 'switch', value: false },
      { filed: 'smd', name: '显示标准化均数差（SMD）', type: 'switch', value: true },
      { filed: 'tests', name: '组间检验（检验方法、统计量与 P 值）', type: 'switch', value: true },
    ],
  }),
};
