import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6009,
  key: 'moderation',
  version: 1,
  name: '调节效应',
  subname: 'Moderation Analysis',
  description:
    '检验调节变量 W 是否改变自变量 X 对因变量 Y 的影响（Y ~ X + W + X×W），可纳入协变量并对 X、W 均值中心化。给出交互项检验与 ΔR²、调节变量均值 ±1 个标准差处的简单斜率（SE、t、P、置信区间）、Johnson–Neyman 显著性区间，以及简单斜率图与 J–N 图；调节变量为分类变量时给出交互项的联合 F 检验与各类别内的斜率。同 Hayes PROCESS 模型 1 与 R 的 lm()、interactions 包。',
  family: 'advanced',
  categories: ['wenjuan', 'path'],
  difficulty: 3,
  methods: ['线性回归交互项', '均值中心化', '简单斜率分析', 'Johnson–Neyman 法', 'PROCESS 模型 1'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'mediation-stress',
  exampleParams: { x: '工作压力', w: '社会支持', y: '职业倦怠', covariates: ['年龄'], factors: ['性别'] },
  ...dataThenParams({
    tips: '每行一份问卷（一个研究对象）：自变量、调节变量、因变量均为连续的得分（如量表各题的均分），可另加需要控制的协变量。',
    paramsDescription: '选择自变量、调节变量、因变量与协变量',
    notice: '任一所选变量缺失的行不参与分析。',
    fields: [
      { filed: 'x', name: '自变量 X', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '如工作压力。' },
      {
        filed: 'wType',
        name: '调节变量类型',
        type: 'select_single',
        value: 'continuous',
        tips: '连续调节变量：给出均值 ±1 个标准差处的简单斜率与 Johnson–Neyman 区间；分类调节变量（如性别、学历）：给出每个类别内 X 的斜率。',
        option: [option('连续', 'continuous'), option('分类', 'categorical')],
        link_item: [
          { id: 'w', rule: { disabled: { continuous: false, categorical: true } } },
          { id: 'wCat', rule: { disabled: { continuous: true, categorical: false } } },
        ],
      },
      { filed: 'w', name: '调节变量 W（连续）', type: 'select_single', columns: 'numeric', value: '', tips: '可能改变 X 对 Y 作用大小或方向的变量，如社会支持。' },
      { filed: 'wCat', name: '调节变量 W（分类）', type: 'select_single', columns: 'categorical', value: '', disabled: true, tips: '如性别；以数据中最先出现的类别为参照，每个类别至少 3 例。' },
      { filed: 'y', name: '因变量 Y', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '如职业倦怠。' },
      { filed: 'covariates', name: '定量协变量（可选）', type: 'select_multi', columns: 'numeric', value: [], tips: '需要控制的连续变量，如年龄。' },
      { filed: 'factors', name: '分类协变量（可选）', type: 'select_multi', columns: 'categorical', value: [], tips: '需要控制的分类变量，如性别，自动生成哑变量。' },
      { filed: 'center', name: '自变量与调节变量均值中心化', type: 'switch', value: true, tips: '中心化后 X、W 的主效应为另一变量取均值时的效应，且减小与交互项的共线性；交互项系数、简单斜率与 J–N 区间不受影响。' },
      levelField(),
    ],
  }),
};
