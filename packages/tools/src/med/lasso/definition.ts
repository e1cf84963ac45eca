import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams } from '../../common.js';
import { survivalOutcomeFields } from '../../survival-input.js';
import { option, type ToolDefinition } from '../../tool.js';

const OFF_FOR_SURVIVAL = { continuous: false, binary: false, survival: true };
const ON_FOR_SURVIVAL = { continuous: true, binary: true, survival: false };

export const definition: ToolDefinition = {
  id: 1034,
  key: 'lasso',
  version: 1,
  name: 'LASSO 变量筛选',
  subname: 'LASSO / Elastic Net Variable Selection',
  description:
    '从较多的候选变量中筛选预测因子：对连续、二分类或生存结局拟合 LASSO（或弹性网络）回归的整条 λ 路径，用 k 折交叉验证选出 λ.min 与 λ.1se，给出两处入选变量及其（压缩后的）系数、OR/HR，系数路径图与交叉验证曲线；结果与 R 的 glmnet / cv.glmnet 一致。常作为临床预测模型“LASSO → 多因素模型 → 列线图”的第一步。',
  family: 'med',
  categories: ['prediction', 'variable-selection'],
  difficulty: 4,
  methods: ['LASSO 回归', '弹性网络（Elastic Net）', '坐标下降法（glmnet）', 'k 折交叉验证', 'λ.min 与 λ.1se 准则', 'Logistic / Cox / 线性模型', '哑变量编码'],
  vip: true,
  runningTime: 8,
  example: 'prediction-model',
  exampleParams: {
    y: '术后并发症',
    x: ['年龄', 'BMI', '肿瘤直径(cm)', '白蛋白(g/L)', '血红蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '手术时间(min)', '术中出血量(mL)', '血肌酐(μmol/L)'],
    factors: ['性别', '糖尿病', '肿瘤分期'],
  },
  ...dataThenParams({
    tips: '每行一个研究对象：一列结局（连续数值、二分类，或生存时间加结局状态），以及若干候选预测变量（定量或分类）。',
    paramsDescription: '选择结局、候选变量与交叉验证设置',
    notice:
      '候选变量先标准化再压缩（与 glmnet 默认相同），系数按原始单位报告。分类变量按参照水平转为哑变量，每个非参照类别一列、分别筛选。任一所选变量缺失的行不参与分析。交叉验证的分折由随机种子决定，同一种子结果完全相同。',
    fields: [
      {
        filed: 'outcomeType',
        name: '结局类型',
        type: 'select_single',
        value: 'binary',
        tips: '二分类：Logistic LASSO（OR）；生存：Cox LASSO（HR，Breslow 结点）；连续：线性 LASSO。',
        option: [option('二分类', 'binary'), option('生存（时间 + 结局）', 'survival'), option('连续', 'continuous')],
        link_item: [
          { id: 'y', rule: { disabled: OFF_FOR_SURVIVAL } },
          { id: 'positive', rule: { disabled: { continuous: true, binary: false, survival: true } } },
          { id: 'time', rule: { disabled: ON_FOR_SURVIVAL } },
          { id: 'status', rule: { disabled: ON_FOR_SURVIVAL } },
          { id: 'event', rule: { disabled: ON_FOR_SURVIVAL } },
        ],
      },
      { filed: 'y', name: '结局变量', type: 'select_single', columns: 'any', value: '', tips: '二分类结局（如 是/否、1/0）或连续结局；生存结局不用此项。' },
      positiveLevelField('positive', '代表结局发生的取值', '二分类结局中代表“发生”的取值（OR 即发生该结局的比值比）；留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性、死亡）。'),
      ...survivalOutcomeFields().map((f) => ({ ...f, required: false, disabled: true })),
      { filed: 'x', name: '定量候选变量', type: 'select_multi', columns: 'numeric', value: [], tips: '系数为该变量每增加 1 个单位的效应（已压缩）。' },
      { filed: 'factors', name: '分类候选变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量：每个非参照类别一列，与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=女; 肿瘤分期=I期”。未指定的变量以数据中最先出现的类别为参照。',
      },
      {
        filed: 'alpha',
        name: 'α（1 = LASSO，0~1 之间为弹性网络）',
        type: 'input_number',
        value: 1,
        props: { min: 0.05, max: 1, step: 0.05 },
        tips: 'α = 1 为 LASSO（默认）；候选变量高度相关时可取 0.5 左右的弹性网络，相关的变量会一同入选。',
      },
      { filed: 'nfolds', name: '交叉验证折数', type: 'input_number', value: 10, props: { min: 3, max: 20, step: 1 }, tips: '同 cv.glmnet 的 nfolds，默认 10 折。' },
      { filed: 'seed', name: '随机种子', type: 'input_number', value: 2024, props: { min: 1, max: 999999, step: 1 }, tips: '决定交叉验证的分折；同一种子、同一数据结果完全相同。' },
      {
        filed: 'lambdaRule',
        name: '结论采用的 λ',
        type: 'select_single',
        value: '1se',
        tips: 'λ.1se：交叉验证误差在最小值 1 个标准误以内的最大 λ，入选变量更少、模型更稳健（常用）；λ.min：交叉验证误差最小的 λ。报告同时列出两者。',
        option: [option('λ.1se（更简洁，推荐）', '1se'), option('λ.min（误差最小）', 'min')],
      },
    ],
  }),
};
