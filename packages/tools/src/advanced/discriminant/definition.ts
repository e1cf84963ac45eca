import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6012,
  key: 'discriminant',
  version: 1,
  name: '判别分析',
  subname: 'Linear Discriminant Analysis',
  description:
    '根据多个定量指标建立 Fisher 线性判别函数，区分已知的两个或多个组别（如疾病分型、诊断分组），并用于判定新对象的归属：给出各组均数、判别函数的特征值与典型相关、Wilks\' Λ 检验、标准化与未标准化判别系数、回代与留一法交叉验证的分类结果及正确率、判别得分散点图，并把判别得分与预测分组另存为新数据文件。结果与 R 的 MASS::lda 一致。',
  family: 'advanced',
  categories: ['fenxi', 'cluster'],
  difficulty: 3,
  methods: ['Fisher 线性判别分析（MASS::lda）', '先验概率（按样本比例 / 相等）', "Wilks' Λ 检验", '标准化判别系数', '回代分类', '留一法交叉验证', '判别得分图'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'discriminant',
  exampleParams: { group: '分组', vars: ['空腹血糖', '糖化血红蛋白', 'BMI', '甘油三酯', '腰围'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列为已知的分组（两组或多组），其余为用于判别的定量指标。',
    paramsDescription: '选择分组变量、判别指标与先验概率',
    notice: '分组或任一判别指标缺失的行不参与分析（列表删除）。每组至少需要 2 例，样本量一般应为指标数的 5 倍以上，最小组的例数最好多于指标数。判别得分与预测分组会另存为新数据文件。',
    fields: [
      { filed: 'group', name: '分组变量', type: 'select_single', columns: 'categorical', required: true, value: '', tips: '已知的组别（2 ~ 20 组），如诊断分组、疾病分型。' },
      { filed: 'vars', name: '判别指标', type: 'select_multi', columns: 'numeric', required: true, value: [], tips: '至少 1 个定量指标；指标间高度相关时判别系数不稳定，宜精简。' },
      {
        filed: 'prior',
        name: '先验概率',
        type: 'select_single',
        value: 'proportional',
        tips: '按样本比例：各组的先验概率等于其在样本中的比例（R 的 lda 默认），适用于样本按总体比例抽取的情形；相等：各组先验概率相同（SPSS 默认），适用于各组按设计人为定额抽取的情形。',
        option: [option('按各组样本比例', 'proportional'), option('各组相等', 'equal')],
      },
    ],
  }),
};
