import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1015,
  key: 'logistic-regression',
  version: 2,
  name: '二元 Logistic 回归',
  subname: 'Binary Logistic Regression',
  description:
    '分析多个因素对二分类结局（如发病/未发病、死亡/存活）的影响：先逐个变量做单因素 Logistic 回归筛选，再建立多因素模型（全部纳入或逐步法），给出 OR 及置信区间、森林图、模型似然比检验、Nagelkerke R²、Hosmer–Lemeshow 拟合优度检验、分类表、预测概率的 ROC 曲线与 AUC，以及共线性诊断（VIF）。',
  family: 'med',
  categories: ['relation', 'regression'],
  difficulty: 4,
  methods: ['二元 Logistic 回归', '最大似然估计（IRLS）', '单因素筛选', '哑变量编码', '逐步回归（向前/向后，AIC 或似然比 P 值）', '似然比检验', 'Wald 检验', 'Cox–Snell / Nagelkerke R²', 'Hosmer–Lemeshow 检验', 'ROC 曲线（DeLong 置信区间）', '方差膨胀因子（GVIF）'],
  vip: true,
  runningTime: 5,
  example: 'birth-weight',
  exampleParams: {
    y: '低出生体重',
    x: ['母亲年龄', '母亲体重(kg)'],
    factors: ['种族', '孕期吸烟', '早产史', '高血压史'],
  },
  ...dataThenParams({
    tips: '每行一个研究对象：一列二分类结局（如 是/否、1/0），以及若干可能的影响因素（定量或分类）。也可以是汇总数据：每行一种情况另有一列频数（频数加权），或每行一组的事件数与总数（分组数据）。',
    paramsDescription: '选择结局与自变量',
    notice: '分类自变量以数据中最先出现的类别为参照（可在“参照水平”中指定）。任一所选变量缺失的行不参与分析，单因素与多因素分析使用同一批观测。',
    fields: [
      {
        filed: 'inputMode',
        name: '数据格式',
        type: 'select_single',
        value: 'case',
        tips: '逐例数据：每行一个研究对象；频数加权：每行是结局与自变量的一种组合，另有一列该组合的人数（同 SPSS 的个案加权、R 的 glm(weights =)）；分组数据：每行一组研究对象，给出事件数与总数（同 R 的 glm(cbind(事件数, 总数 − 事件数) ~ …)）。',
        option: [option('逐例数据', 'case'), option('频数加权', 'frequency'), option('分组数据（事件数/总数）', 'grouped')],
        link_item: [
          { id: 'y', rule: { disabled: { case: false, frequency: false, grouped: true } } },
          { id: 'event', rule: { disabled: { case: false, frequency: false, grouped: true } } },
          { id: 'weight', rule: { disabled: { case: true, frequency: false, grouped: true } } },
          { id: 'events', rule: { disabled: { case: true, frequency: true, grouped: false } } },
          { id: 'trials', rule: { disabled: { case: true, frequency: true, grouped: false } } },
        ],
      },
      // Not `required`: grouped data has no outcome column (run() asks for it in the other formats).
      { filed: 'y', name: '结局变量（二分类）', type: 'select_single', columns: 'categorical', value: '', tips: '只能有两个取值，如 是/否、发病/未发病、1/0。分组数据不用此项。' },
      positiveLevelField('event', '代表结局发生的取值', '填写结局变量中代表“发生”的取值（OR 即发生该结局的比值比）；留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性、死亡）。'),
      { filed: 'weight', name: '频数变量', type: 'select_single', columns: 'numeric', value: '', disabled: true, tips: '每行代表的研究对象人数，须为非负整数；频数为 0 的行不参与分析。' },
      { filed: 'events', name: '事件数', type: 'select_single', columns: 'numeric', value: '', disabled: true, tips: '每组中发生结局的人数（非负整数，不大于总数）。' },
      { filed: 'trials', name: '总数', type: 'select_single', columns: 'numeric', value: '', disabled: true, tips: '每组的总人数（正整数）。' },
      { filed: 'x', name: '定量自变量', type: 'select_multi', columns: 'numeric', value: [], tips: 'OR 表示该变量每增加 1 个单位时结局发生的比值比。' },
      { filed: 'factors', name: '分类自变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=男; 分期=I期”；也可写出全部类别的顺序，如“分期=I期,II期,III期”（第一个为参照）。未指定的变量以数据中最先出现的类别为参照。',
      },
      {
        filed: 'selection',
        name: '多因素模型纳入变量',
        type: 'select_single',
        value: 'all',
        tips: '全部纳入（Enter）：所选变量全部进入模型；按单因素筛选：仅纳入单因素 P 小于阈值的变量；逐步法：由软件按准则逐个引入或剔除变量。',
        option: [option('全部纳入（Enter）', 'all'), option('按单因素 P 值筛选', 'screen'), option('向前逐步（Forward）', 'forward'), option('向后逐步（Backward）', 'backward')],
        link_item: [
          { id: 'screenP', rule: { disabled: { all: true, screen: false, forward: true, backward: true } } },
          { id: 'criterion', rule: { disabled: { all: true, screen: true, forward: false, backward: false } } },
        ],
      },
      { filed: 'screenP', name: '单因素筛选阈值', type: 'input_number', value: 0.1, props: { min: 0.001, max: 1, step: 0.05 } },
      {
        filed: 'criterion',
        name: '逐步法的准则',
        type: 'select_single',
        value: 'p',
        tips: '似然比 P 值：同 SPSS（P < 0.05 引入、P > 0.10 剔除）；AIC：同 R 的 step()，每步选使 AIC 最小的变动。',
        option: [option('似然比检验 P 值（SPSS）', 'p'), option('AIC（R step）', 'aic')],
      },
      { filed: 'cutoff', name: '分类表的概率界值', type: 'input_number', value: 0.5, props: { min: 0.01, max: 0.99, step: 0.05 }, tips: '预测概率大于该值判为结局发生。' },
      {
        filed: 'ciMethod',
        name: 'OR 置信区间',
        type: 'select_single',
        value: 'wald',
        tips: 'Wald 法即 exp(B ± z·SE)，同 SPSS 与 R 的 confint.default；轮廓似然法同 R 的 confint(glm)，小样本或 OR 很大时更准确。',
        option: [option('Wald 法（SPSS）', 'wald'), option('轮廓似然法（R confint）', 'profile')],
      },
      levelField(),
    ],
  }),
};
