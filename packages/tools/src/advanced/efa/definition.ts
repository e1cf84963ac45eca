import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';
import { ITEMS_EXAMPLE } from '../pca/definition.js';

export const definition: ToolDefinition = {
  id: 6002,
  key: 'efa',
  version: 1,
  name: '探索性因子分析 EFA',
  subname: 'Exploratory Factor Analysis',
  description:
    '探索量表条目背后的潜在因子结构：KMO 与 Bartlett 球形度检验，用平行分析（随机种子可复现）与特征值 > 1 准则确定因子个数，主轴因子法或最大似然法提取，方差最大（varimax）、promax 或直接斜交（oblimin）旋转，按因子排序并隐藏小载荷的载荷矩阵、共同度、因子相关矩阵与方差解释率，并把因子得分另存为新数据文件。结果与 R 的 psych::fa、fa.parallel 一致。',
  family: 'advanced',
  categories: ['fenxi', 'dimension'],
  difficulty: 4,
  methods: ['KMO 与 Bartlett 球形度检验', '平行分析（Horn）', 'Kaiser 准则', '主轴因子法', '最大似然法', 'varimax 旋转', 'promax 旋转', 'oblimin 旋转', '回归法因子得分'],
  vip: true,
  svip: true,
  runningTime: 5,
  example: 'scale-items',
  exampleParams: { vars: ITEMS_EXAMPLE },
  ...dataThenParams({
    tips: '每行一个研究对象，每个量表条目一列（Likert 评分或其他定量变量）。反向计分条目可直接选入：其载荷为负，报告会指出。',
    paramsDescription: '选择条目、因子个数的确定方法、提取与旋转方法',
    notice: '任一所选条目缺失的行不参与分析（列表删除）。平行分析的模拟数据由随机种子决定，同一种子结果完全相同。因子得分（回归法）会另存为新数据文件。',
    fields: [
      { filed: 'vars', name: '分析条目', type: 'select_multi', columns: 'numeric', required: true, value: [], tips: '至少 3 个条目；每个因子一般应有 3 个以上条目。' },
      {
        filed: 'nMethod',
        name: '因子个数',
        type: 'select_single',
        value: 'parallel',
        tips: '平行分析：观测特征值大于随机数据特征值 95% 分位数的因子个数（Horn 1965，推荐）；特征值 > 1：Kaiser 准则，易高估因子数；也可按理论指定。',
        option: [option('平行分析（推荐）', 'parallel'), option('特征值 > 1', 'kaiser'), option('指定个数', 'fixed')],
        link_item: [{ id: 'factors', rule: { disabled: { parallel: true, kaiser: true, fixed: false } } }],
      },
      { filed: 'factors', name: '指定的因子个数', type: 'input_number', value: 3, disabled: true, props: { min: 1, max: 20, step: 1 }, tips: '仅在“指定个数”时使用。' },
      {
        filed: 'extraction',
        name: '提取方法',
        type: 'select_single',
        value: 'pa',
        tips: '主轴因子法：不要求多元正态，Likert 条目常用（psych::fa fm = "pa"）；最大似然法：可给出模型拟合的 χ² 检验，要求近似多元正态（stats::factanal）。',
        option: [option('主轴因子法', 'pa'), option('最大似然法', 'ml')],
      },
      {
        filed: 'rotation',
        name: '旋转方法',
        type: 'select_single',
        value: 'oblimin',
        tips: '心理与医学量表的各维度通常相关，宜用斜交旋转（oblimin、promax）；确信因子不相关时用正交旋转 varimax。',
        option: [option('oblimin（斜交，psych 默认）', 'oblimin'), option('promax（斜交）', 'promax'), option('varimax（正交）', 'varimax'), option('不旋转', 'none')],
      },
      { filed: 'blank', name: '隐藏的小载荷（绝对值小于）', type: 'input_number', value: 0.3, props: { min: 0, max: 0.6, step: 0.05 }, tips: '载荷表中绝对值小于此值的载荷留空（常用 0.3 或 0.4）；0 表示全部显示。' },
      { filed: 'sort', name: '按因子排序条目', type: 'switch', value: true, tips: '条目按其主要因子分组，组内按载荷大小排序。' },
      { filed: 'iterations', name: '平行分析模拟次数', type: 'input_number', value: 100, props: { min: 20, max: 1000, step: 10 } },
      { filed: 'seed', name: '随机种子', type: 'input_number', value: 2024, props: { min: 1, max: 999999, step: 1 }, tips: '决定平行分析的模拟数据；同一种子、同一数据结果完全相同。' },
    ],
  }),
};
