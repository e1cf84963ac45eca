import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1028,
  key: 'ordinal-logistic',
  version: 1,
  name: '有序 Logistic 回归',
  subname: 'Ordinal Logistic Regression (Proportional Odds)',
  description:
    '分析多个因素对有序多分类结局（如疗效 无效/好转/显效/痊愈、病情 轻/中/重）的影响：比例优势（累积 Logit）模型，给出各分界点的阈值、OR 及置信区间、森林图、模型似然比检验、伪 R²、多分类变量的似然比检验，以及检验比例优势假定的 Brant 平行线检验（各变量与总体）。',
  family: 'med',
  categories: ['relation', 'regression'],
  difficulty: 4,
  methods: ['有序 Logistic 回归（比例优势模型）', '累积 Logit', '最大似然估计（Newton 法）', '哑变量编码', '似然比检验', 'Wald 检验', 'Brant 平行线检验', 'McFadden / Cox–Snell / Nagelkerke R²'],
  vip: true,
  runningTime: 5,
  example: 'women-labour',
  exampleParams: { y: '就业状况', x: ['丈夫收入(千加元)'], factors: ['子女'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列 3 个及以上等级的有序结局（如 轻/中/重，或 1/2/3 级），以及若干可能的影响因素（定量或分类）。',
    paramsDescription: '选择结局、等级顺序与自变量',
    notice: '请在“等级顺序”中由低到高写出结局的全部等级；留空时数值编码按大小排序，文字按数据中最先出现的顺序，报告表1 写明所用顺序。任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'y', name: '结局变量（有序多分类）', type: 'select_single', columns: 'any', required: true, value: '', tips: '3 个及以上有顺序的等级，如 轻/中/重、1/2/3/4 级。' },
      { filed: 'order', name: '等级顺序（由低到高）', type: 'input', value: '', tips: '用逗号分隔，由低到高写出全部等级，如“无效,好转,显效,痊愈”。OR > 1 表示结局更可能处于较高等级。' },
      { filed: 'x', name: '定量自变量', type: 'select_multi', columns: 'numeric', value: [], tips: 'OR 表示该变量每增加 1 个单位时结局处于更高等级的累积比值比。' },
      { filed: 'factors', name: '分类自变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类自变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=男; 分期=I期”；未指定的变量以数据中最先出现的类别为参照。',
      },
      levelField(),
    ],
  }),
};
