import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1043,
  key: 'prediction-model-flow',
  version: 1,
  name: '临床预测模型（一站式）',
  subname: 'Clinical Prediction Model: LASSO → Logistic → Nomogram → ROC → Calibration → DCA',
  description:
    '一次设置、一份报告完成临床预测模型的全流程：LASSO 回归（交叉验证选 λ）筛选候选变量，入选变量建立多因素 Logistic 回归，绘制列线图并提供风险计算器，ROC 曲线与 AUC 95%CI（DeLong），Bootstrap 内部验证（乐观度校正的 C 指数、校准斜率、Brier 评分）与校准曲线，决策曲线分析（DCA），并给出 TRIPOD 报告条目的对照表。各步结果与 R 的 glmnet、glm、pROC、rms::validate / calibrate 与 dcurves 一致。',
  family: 'med',
  categories: ['prediction', 'model-building'],
  difficulty: 4,
  methods: ['LASSO 回归（glmnet）', 'k 折交叉验证', '多因素 Logistic 回归', '列线图（rms::nomogram）', 'ROC 曲线与 AUC（DeLong 法）', 'Bootstrap 内部验证（rms::validate）', '校准曲线（rms::calibrate）', 'Hosmer–Lemeshow 检验', '决策曲线分析（DCA）', 'TRIPOD 声明'],
  vip: true,
  runningTime: 20,
  example: 'prediction-model',
  exampleParams: {
    y: '术后并发症',
    x: ['年龄', 'BMI', '肿瘤直径(cm)', '白蛋白(g/L)', '血红蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '手术时间(min)', '术中出血量(mL)', '血肌酐(μmol/L)'],
    factors: ['性别', '糖尿病', '肿瘤分期'],
  },
  ...dataThenParams({
    tips: '每行一个研究对象：一列二分类结局（如 是/否、1/0），以及若干候选预测变量（定量或分类）。',
    paramsDescription: '选择结局、候选变量与建模设置',
    notice:
      '流程：全部候选变量进入 LASSO 筛选 → 入选变量（多分类变量只要有一个类别入选即整体纳入）建立普通 Logistic 回归 → 列线图、ROC、Bootstrap 内部验证、校准曲线与决策曲线均针对这个模型。任一候选变量缺失的行不参与分析，各步使用同一批研究对象。交叉验证与 Bootstrap 由随机种子决定，同一种子结果完全相同。',
    fields: [
      { filed: 'y', name: '结局变量（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '', tips: '只能有两个取值，如 是/否、发病/未发病、1/0。' },
      positiveLevelField('event', '代表结局发生的取值', '填写结局变量中代表“发生”的取值；留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性、死亡）。'),
      { filed: 'x', name: '定量候选变量', type: 'select_multi', columns: 'numeric', value: [], tips: '以线性项进入 LASSO 与最终模型。' },
      { filed: 'factors', name: '分类候选变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量（每个非参照类别一列）。' },
      {
        filed: 'reference',
        name: '分类变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=女; 肿瘤分期=I期,II期,III期”（第一个为参照，列线图按此顺序排列）。未指定的变量以数据中最先出现的类别为参照。',
      },
      {
        filed: 'lambdaRule',
        name: 'LASSO 采用的 λ',
        type: 'select_single',
        value: '1se',
        tips: 'λ.1se：交叉验证误差在最小值 1 个标准误以内的最大 λ，入选变量更少（常用）；λ.min：交叉验证误差最小的 λ。',
        option: [option('λ.1se（更简洁，推荐）', '1se'), option('λ.min（误差最小）', 'min')],
      },
      { filed: 'nfolds', name: '交叉验证折数', type: 'input_number', value: 10, props: { min: 3, max: 20, step: 1 }, tips: '同 cv.glmnet 的 nfolds，默认 10 折。' },
      { filed: 'B', name: 'Bootstrap 次数', type: 'input_number', value: 200, props: { min: 20, max: 2000, step: 50 }, tips: '内部验证与校准曲线的重抽样次数（同 rms::validate / calibrate 的 B），常用 200–1000。' },
      { filed: 'seed', name: '随机数种子', type: 'input_number', value: 2026, props: { min: 1, max: 999999, step: 1 }, tips: '决定交叉验证的分折与 Bootstrap 抽样；相同的数据、参数与种子得到完全相同的报告。' },
      { filed: 'dcaFrom', name: 'DCA 阈值概率起点', type: 'input_number', value: 0.01, props: { min: 0, max: 0.98, step: 0.01 }, tips: '决策曲线横轴的起点（0 ~ 1）。' },
      { filed: 'dcaTo', name: 'DCA 阈值概率终点', type: 'input_number', value: 0.8, props: { min: 0.02, max: 0.99, step: 0.01 }, tips: '决策曲线横轴的终点（须大于起点，小于 1）；步长 0.01。' },
    ],
  }),
};
