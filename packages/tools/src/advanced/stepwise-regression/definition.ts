import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6005,
  key: 'stepwise-regression',
  version: 1,
  name: '逐步回归',
  subname: 'Stepwise Linear Regression',
  description:
    '从多个候选自变量中自动筛选进入线性回归模型的变量：向前、向后或逐步（双向）选择，准则可选 AIC / BIC（同 R 的 step()）或 F 检验的进入/剔除 P 值（同 SPSS 的 Stepwise）；列出每一步加入或剔除的变量与模型拟合的变化，以及最终模型的系数、标准化系数、95%CI 与 VIF。',
  family: 'advanced',
  categories: ['moxing', 'regression-plus'],
  difficulty: 3,
  methods: ['逐步回归', '向前选择', '向后剔除', 'AIC / BIC 准则（R step）', 'F 检验进入/剔除（SPSS Stepwise）', '多重线性回归', '方差膨胀因子 VIF'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'hba1c-factors',
  exampleParams: {
    y: '糖化血红蛋白',
    x: ['年龄', '病程年', 'BMI', '体重kg', '腰围cm', '收缩压', '甘油三酯', '高密度脂蛋白', '每周运动分钟'],
    factors: ['性别'],
  },
  ...dataThenParams({
    tips: '每行一个研究对象：一列连续的因变量，以及若干候选自变量（定量或分类）。',
    paramsDescription: '选择因变量、候选自变量与筛选方法',
    notice:
      '任一所选变量缺失的行不参与分析（列表删除），全部步骤在同一批行上比较。分类变量按参照水平转为哑变量，作为一个整体进入或剔除。AIC/BIC 与 R 的 step() 相同；P 值准则与 SPSS 相同：先剔除 P 大于剔除标准者，再纳入 P 小于进入标准者。',
    fields: [
      { filed: 'y', name: '因变量', type: 'select_single', columns: 'numeric', value: '', required: true, tips: '连续数值型结局。' },
      { filed: 'x', name: '定量候选自变量', type: 'select_multi', columns: 'numeric', value: [] },
      { filed: 'factors', name: '分类候选自变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，整体进入或剔除。' },
      { filed: 'reference', name: '分类变量的参照水平（可选）', type: 'input', value: '', tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=女”。未指定时以数据中最先出现的类别为参照。' },
      { filed: 'keep', name: '强制保留的变量（可选）', type: 'select_multi', columns: 'any', value: [], tips: '须是候选自变量之一；它们始终在模型中（R step() 的 lower 范围），如年龄、性别等必须调整的因素。' },
      {
        filed: 'direction',
        name: '筛选方向',
        type: 'select_single',
        value: 'both',
        option: [option('逐步（双向，推荐）', 'both'), option('向前选择', 'forward'), option('向后剔除', 'backward')],
        tips: '逐步：每一步都可加入或剔除；向前：从空模型开始只加入；向后：从全模型开始只剔除。',
      },
      {
        filed: 'criterion',
        name: '筛选准则',
        type: 'select_single',
        value: 'aic',
        option: [option('AIC（R 的 step() 默认）', 'aic'), option('BIC（更简洁的模型）', 'bic'), option('F 检验 P 值（SPSS）', 'p')],
        link_item: [
          { id: 'pEnter', rule: { disabled: { aic: true, bic: true, p: false } } },
          { id: 'pRemove', rule: { disabled: { aic: true, bic: true, p: false } } },
        ],
      },
      { filed: 'pEnter', name: '进入标准（P <）', type: 'input_number', value: 0.05, props: { min: 0.001, max: 0.5, step: 0.01 }, disabled: true, tips: 'SPSS 默认 0.05。' },
      { filed: 'pRemove', name: '剔除标准（P >）', type: 'input_number', value: 0.1, props: { min: 0.001, max: 0.5, step: 0.01 }, disabled: true, tips: 'SPSS 默认 0.10，须不小于进入标准。' },
      levelField(),
    ],
  }),
};
