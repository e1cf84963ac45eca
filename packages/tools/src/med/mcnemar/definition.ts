import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1017,
  key: 'mcnemar',
  version: 1,
  name: '配对卡方检验（McNemar）',
  subname: "McNemar's Test for Paired Proportions",
  description: '比较同一批对象两种方法（或前后两次）的分类结果：配对四格表、McNemar 精确检验与（校正/未校正）卡方检验、不一致对子的比值比及置信区间；多分类配对表给出 Bowker 对称性检验。',
  family: 'med',
  categories: ['difference', 'categorical'],
  difficulty: 1,
  methods: ['配对四格表', 'McNemar 精确检验（二项分布）', 'McNemar 卡方检验（连续性校正/未校正）', '不一致对子的比值比（精确置信区间）', '配对率差（Wald 置信区间）', 'Bowker 对称性检验'],
  vip: false,
  runningTime: 2,
  example: 'paired-diagnosis',
  exampleParams: { x1: '胃镜活检', x2: '血清学筛查' },
  ...dataThenParams({
    tips: '每行一个研究对象（或一个配对），两列为同一对象两种方法（或处理前后）的分类结果，取值相同（如都为 阳性/阴性）。原始数据逐行录入，工具自动汇总配对表。',
    paramsDescription: '选择两次配对结果与检验方法',
    notice: '两列的类别必须相同；任一列缺失的行不参与分析。不一致对子数（b + c）小于 25 时以精确检验为准。两列不是同一对象的两次结果（而是两组独立对象）时请用普通卡方检验。',
    fields: [
      { filed: 'x1', name: '第一种方法 / 第一次结果（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'x2', name: '第二种方法 / 第二次结果（分类）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      {
        filed: 'order',
        name: '类别顺序（可选）',
        type: 'input',
        value: '',
        tips: '用逗号分隔类别指定配对表的行列顺序，如“阳性, 阴性”；留空时二分类以阳性类别在前（按名称识别），多分类按数据中首次出现的顺序。',
      },
      {
        filed: 'method',
        name: '主要检验方法（2×2 表）',
        type: 'select_single',
        value: 'auto',
        option: [
          option('自动（b + c < 25 用精确检验，否则用校正卡方）', 'auto'),
          option('精确检验（二项分布）', 'exact'),
          option('连续性校正卡方', 'corrected'),
          option('未校正卡方', 'uncorrected'),
        ],
      },
      levelField(),
    ],
  }),
};
