import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6006,
  key: 'ridge-regression',
  version: 1,
  name: '岭回归',
  subname: 'Ridge Regression',
  description:
    '自变量之间存在多重共线性时的线性回归：先用普通最小二乘的方差膨胀因子（VIF）诊断共线性，再拟合岭回归（L2 惩罚，glmnet 的 α = 0）的整条 λ 路径，用 k 折交叉验证选出 λ.min 与 λ.1se，给出两处的岭回归系数（与普通回归系数并列）、岭迹图与交叉验证曲线；结果与 R 的 glmnet / cv.glmnet 一致。',
  family: 'advanced',
  categories: ['moxing', 'regression-plus'],
  difficulty: 4,
  methods: ['岭回归（Ridge）', 'L2 惩罚', '坐标下降法（glmnet，α = 0）', 'k 折交叉验证', 'λ.min 与 λ.1se 准则', '方差膨胀因子 VIF', '岭迹图'],
  vip: true,
  svip: true,
  runningTime: 5,
  example: 'hba1c-factors',
  exampleParams: {
    y: '糖化血红蛋白',
    x: ['年龄', '病程年', 'BMI', '体重kg', '腰围cm', '收缩压', '甘油三酯', '高密度脂蛋白', '每周运动分钟'],
    factors: ['性别'],
  },
  ...dataThenParams({
    tips: '每行一个研究对象：一列连续的因变量，以及若干自变量（定量或分类），常见情形是其中几个自变量高度相关（如体重、BMI 与腰围）。',
    paramsDescription: '选择因变量、自变量与交叉验证设置',
    notice:
      '自变量先标准化再惩罚（与 glmnet 默认相同），系数按原始单位报告。分类变量按参照水平转为哑变量。任一所选变量缺失的行不参与分析。交叉验证的分折由随机种子决定，同一种子结果完全相同。',
    fields: [
      { filed: 'y', name: '因变量', type: 'select_single', columns: 'numeric', value: '', required: true, tips: '连续数值型结局。' },
      { filed: 'x', name: '定量自变量', type: 'select_multi', columns: 'numeric', value: [] },
      { filed: 'factors', name: '分类自变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量：每个非参照类别一列。' },
      { filed: 'reference', name: '分类变量的参照水平（可选）', type: 'input', value: '', tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=女”。未指定时以数据中最先出现的类别为参照。' },
      { filed: 'nfolds', name: '交叉验证折数', type: 'input_number', value: 10, props: { min: 3, max: 20, step: 1 }, tips: '同 cv.glmnet 的 nfolds，默认 10 折。' },
      { filed: 'seed', name: '随机种子', type: 'input_number', value: 2024, props: { min: 1, max: 999999, step: 1 }, tips: '决定交叉验证的分折；同一种子、同一数据结果完全相同。' },
      {
        filed: 'lambdaRule',
        name: '结论采用的 λ',
        type: 'select_single',
        value: 'min',
        option: [option('λ.min（交叉验证误差最小）', 'min'), option('λ.1se（压缩更强）', '1se')],
        tips: '报告同时列出两者；岭回归常用 λ.min。',
      },
      { ...levelField(), tips: '普通最小二乘回归系数的置信区间（岭回归系数没有常规的置信区间）。' },
    ],
  }),
};
