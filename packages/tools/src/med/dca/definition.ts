import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

const BINARY_ONLY = { binary: false, survival: true };
const SURVIVAL_ONLY = { binary: true, survival: false };

export const definition: ToolDefinition = {
  id: 1038,
  key: 'dca',
  version: 1,
  name: '决策曲线 DCA',
  subname: 'Decision Curve Analysis',
  description:
    '评价预测模型或标志物的临床净获益：在一系列阈值概率下计算每个模型的净获益（Net Benefit），与“全部干预”“全部不干预”两种策略比较，可同时画多个模型；支持二分类结局与生存结局（指定时间点，Kaplan–Meier 法）。可直接使用预测概率列，也可由所选变量当场拟合 Logistic/Cox 模型；非概率的标志物自动经单因素模型转换为概率。',
  family: 'med',
  categories: ['prediction', 'model-validation'],
  difficulty: 4,
  methods: ['决策曲线分析（Vickers & Elkin 2006）', '净获益 Net Benefit', '标准化净获益', '生存结局的决策曲线（Kaplan–Meier，Vickers 2008）', 'Logistic 回归（概率转换/建模）', 'Cox 回归（Breslow 基线风险）'],
  vip: true,
  runningTime: 4,
  example: 'dca-demo',
  exampleParams: { y: '高级别前列腺癌', risks: ['临床模型概率', '新模型概率', 'PHI评分'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列结局（二分类，或生存时间 + 事件状态），以及一个或多个模型的预测概率（0~1）或标志物的数值；也可以只给出预测变量，由工具拟合模型。',
    paramsDescription: '选择结局、模型与阈值范围',
    notice: '净获益 = 真阳性率 − 假阳性率 × pt/(1 − pt)，pt 为阈值概率（预测风险 ≥ pt 判为阳性、给予干预）。任一所选变量缺失的行不参与分析。',
    fields: [
      {
        filed: 'outcomeType',
        name: '结局类型',
        type: 'select_single',
        value: 'binary',
        option: [option('二分类结局', 'binary'), option('生存结局（指定时间点）', 'survival')],
        link_item: [
          { id: 'y', rule: { disabled: BINARY_ONLY } },
          { id: 'time', rule: { disabled: SURVIVAL_ONLY } },
          { id: 'status', rule: { disabled: SURVIVAL_ONLY } },
          { id: 'timePoint', rule: { disabled: SURVIVAL_ONLY } },
        ],
      },
      { filed: 'y', name: '结局变量（二分类）', type: 'select_single', columns: 'categorical', value: '', tips: '只能有两个取值，如 是/否、1/0。' },
      { filed: 'time', name: '生存时间（随访时间）', type: 'select_single', columns: 'numeric', value: '', disabled: true, tips: '从起点到事件或末次随访的时间，必须大于 0。' },
      { filed: 'status', name: '结局状态（事件/删失）', type: 'select_single', columns: 'categorical', value: '', disabled: true, tips: '两个取值：事件（如死亡、复发）与删失。' },
      positiveLevelField('event', '代表结局发生（事件）的取值', '留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性、死亡、复发）。'),
      { filed: 'timePoint', name: '评价时间点 t', type: 'input_number', value: 36, disabled: true, props: { min: 0 }, tips: '生存结局在该时间点的事件风险（与生存时间同一单位，如 36 个月）；预测概率列应为 t 时刻前发生事件的概率。' },
      {
        filed: 'risks',
        name: '模型预测概率或标志物',
        type: 'select_multi',
        columns: 'numeric',
        value: [],
        tips: '每列一个模型（或标志物），可选多列画在同一图中。取值在 0~1 之间的列按预测概率直接使用；其他数值列（如 PSA、评分）先用单因素 Logistic 回归（生存结局为 Cox 回归）转换为概率。',
      },
      {
        filed: 'fitModel',
        name: '由所选变量拟合模型',
        type: 'switch',
        value: false,
        tips: '打开后，用下方选择的变量拟合多因素 Logistic 回归（生存结局为 Cox 回归），以其预测概率作为一条决策曲线。',
        link_item: [
          { id: 'x', rule: { disabled: { true: false, false: true } } },
          { id: 'factors', rule: { disabled: { true: false, false: true } } },
          { id: 'reference', rule: { disabled: { true: false, false: true } } },
          { id: 'modelName', rule: { disabled: { true: false, false: true } } },
        ],
      },
      { filed: 'x', name: '建模的定量变量', type: 'select_multi', columns: 'numeric', value: [], disabled: true },
      { filed: 'factors', name: '建模的分类变量', type: 'select_multi', columns: 'categorical', value: [], disabled: true },
      { filed: 'reference', name: '分类变量的参照水平（可选）', type: 'input', value: '', disabled: true, tips: '格式“变量=参照水平”，多个变量用分号分隔。' },
      { filed: 'modelName', name: '拟合模型的名称', type: 'input', value: '', disabled: true, tips: '图例与表格中的名称，留空为“拟合模型”。' },
      { filed: 'from', name: '阈值概率起点', type: 'input_number', value: 0.01, props: { min: 0, max: 0.98, step: 0.01 } },
      { filed: 'to', name: '阈值概率终点', type: 'input_number', value: 0.99, props: { min: 0.02, max: 0.99, step: 0.01 }, tips: '一般取临床上合理的范围，如 0.01~0.5；高于结局发生率很多的阈值通常没有意义。' },
      { filed: 'by', name: '阈值步长', type: 'input_number', value: 0.01, props: { min: 0.001, max: 0.1, step: 0.005 } },
      { filed: 'standardized', name: '同时给出标准化净获益', type: 'switch', value: false, tips: '标准化净获益 = 净获益 / 结局发生率，取值上限为 1（Kerr 等 2016）。' },
    ],
  }),
};
