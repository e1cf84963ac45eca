import { dataThenParams, levelField } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1027,
  key: 'multinomial-logistic',
  version: 1,
  name: '多分类 Logistic 回归',
  subname: 'Multinomial Logistic Regression',
  description:
    '分析多个因素对无序多分类结局（如不同病理类型、治疗方式选择、就业状况）的影响：以一个类别为参照，对其余每个类别分别估计回归系数与相对危险比 RRR = exp(B) 及置信区间，给出模型似然比检验、伪 R²、各变量的似然比检验（Ⅱ型）、森林图与分类表。',
  family: 'med',
  categories: ['relation', 'regression'],
  difficulty: 4,
  methods: ['多分类（多项）Logistic 回归', '最大似然估计（Newton 法）', '哑变量编码', '似然比检验（Ⅱ型）', 'Wald 检验', 'McFadden / Cox–Snell / Nagelkerke R²'],
  vip: true,
  runningTime: 5,
  example: 'women-labour',
  exampleParams: { y: '就业状况', x: ['丈夫收入(千加元)'], factors: ['子女', '地区'] },
  ...dataThenParams({
    tips: '每行一个研究对象：一列 3 个及以上类别的结局（类别之间无顺序，或不愿假定等级间效应相同），以及若干可能的影响因素（定量或分类）。',
    paramsDescription: '选择结局与自变量',
    notice: '结局以数据中最先出现的类别为参照（可指定）；分类自变量同样以最先出现的类别为参照（可在“参照水平”中指定）。任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'y', name: '结局变量（多分类）', type: 'select_single', columns: 'categorical', required: true, value: '', tips: '3 个及以上类别，如 未就业/兼职/全职、腺癌/鳞癌/小细胞癌。' },
      { filed: 'outcomeReference', name: '结局的参照类别（可选）', type: 'input', value: '', tips: '填写结局变量的一个取值，其余每个类别都与它比较；留空时以数据中最先出现的类别为参照。' },
      { filed: 'x', name: '定量自变量', type: 'select_multi', columns: 'numeric', value: [], tips: 'RRR 表示该变量每增加 1 个单位时，某类别相对参照类别的相对危险比。' },
      { filed: 'factors', name: '分类自变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较。' },
      {
        filed: 'reference',
        name: '分类自变量的参照水平（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=男; 分期=I期”；也可写出全部类别的顺序（第一个为参照）。未指定的变量以数据中最先出现的类别为参照。',
      },
      levelField(),
    ],
  }),
};
