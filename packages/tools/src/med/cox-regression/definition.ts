import { dataThenParams, levelField } from '../../common.js';
import { survivalOutcomeFields } from '../../survival-input.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1012,
  key: 'cox-regression',
  version: 1,
  name: 'Cox 回归',
  subname: 'Cox Proportional-Hazards Regression',
  description:
    '分析多个因素对生存时间（事件发生风险）的影响：先逐个变量做单因素 Cox 回归筛选，再建立多因素模型，给出风险比（HR）及置信区间、森林图、似然比/Wald/Score 检验、C 指数，并用 Schoenfeld 残差检验比例风险假定。',
  family: 'med',
  categories: ['survival', 'survival-regression'],
  difficulty: 4,
  methods: ['Cox 比例风险模型', '偏似然估计（Efron / Breslow 结点处理）', '单因素筛选', '哑变量编码', '分层 Cox 模型', '似然比 / Wald / Score 检验', 'Harrell C 指数', 'Schoenfeld 残差比例风险检验（cox.zph）'],
  vip: true,
  runningTime: 5,
  example: 'survival-cohort',
  exampleParams: { time: '随访时间(天)', status: '结局', x: ['年龄', '体重下降'], factors: ['性别', '体能状态'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列生存（随访）时间、一列结局（事件/删失），以及若干可能影响生存的因素（定量或分类）。',
    paramsDescription: '选择生存结局与协变量',
    notice: '生存时间必须大于 0；分类协变量以数据中最先出现的类别为参照（可在“参照水平”中指定）。任一所选变量缺失的行不参与分析，单因素与多因素分析使用同一批观测。',
    fields: [
      ...survivalOutcomeFields(),
      { filed: 'x', name: '定量协变量', type: 'select_multi', columns: 'numeric', value: [], tips: 'HR 表示该变量每增加 1 个单位时风险的倍数。' },
      { filed: 'factors', name: '分类协变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=男; 分期=I期”；也可写出全部类别的顺序，如“分期=I期,II期,III期”（第一个为参照）。未指定的变量以数据中最先出现的类别为参照。',
      },
      { filed: 'strata', name: '分层变量（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '各层有各自的基线风险、共同的回归系数；用于不满足比例风险假定、又不需要估计其效应的变量（如中心）。' },
      {
        filed: 'ties',
        name: '结点（同时发生事件）处理',
        type: 'select_single',
        value: 'efron',
        tips: 'Efron 更精确，是 R coxph 的默认；Breslow 是 SAS、SPSS 的默认。',
        option: [option('Efron（R 默认）', 'efron'), option('Breslow（SPSS/SAS 默认）', 'breslow')],
      },
      {
        filed: 'selection',
        name: '多因素模型纳入变量',
        type: 'select_single',
        value: 'all',
        tips: '全部纳入：所选协变量全部进入多因素模型；按单因素筛选：仅纳入单因素分析 P 小于阈值的变量。',
        option: [option('全部纳入', 'all'), option('按单因素 P 值筛选', 'screen')],
        link_item: [{ id: 'screenP', rule: { disabled: { all: true, screen: false } } }],
      },
      { filed: 'screenP', name: '单因素筛选阈值', type: 'input_number', value: 0.1, props: { min: 0.001, max: 1, step: 0.05 } },
      {
        filed: 'zphTransform',
        name: '比例风险检验的时间尺度',
        type: 'select_single',
        value: 'km',
        tips: '与 R cox.zph 的 transform 相同：km（默认，1 − KM 估计）、rank（时间秩）、identity（原始时间）、log（对数时间）。',
        option: [option('KM 变换（R 默认）', 'km'), option('秩（rank）', 'rank'), option('原始时间（identity）', 'identity'), option('对数时间（log）', 'log')],
      },
      levelField(),
    ],
  }),
};
