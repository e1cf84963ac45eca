import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 6008,
  key: 'mediation',
  version: 1,
  name: '中介效应',
  subname: 'Mediation Analysis',
  description:
    '检验自变量 X 是否通过中介变量 M 影响因变量 Y（X → M → Y），支持一个或多个并列中介（平行中介）并可纳入协变量。以线性回归估计 a、b、c、c′ 路径，间接效应 a×b 用偏差未校正的百分位 Bootstrap 置信区间检验（重抽样次数与随机种子可设，结果可复现），同时给出 Sobel 检验与效应占比，同 Hayes PROCESS 模型 4 与 R 的 lm() 逐条路径回归。',
  family: 'advanced',
  categories: ['wenjuan', 'path'],
  difficulty: 3,
  methods: ['线性回归（逐条路径）', '间接效应 a×b', '百分位 Bootstrap 置信区间', 'Sobel 检验', 'PROCESS 模型 4'],
  vip: true,
  svip: true,
  runningTime: 10,
  example: 'mediation-stress',
  exampleParams: { x: '工作压力', mediators: ['职业倦怠'], y: '离职意向', covariates: ['年龄'], factors: ['性别'] },
  ...dataThenParams({
    tips: '每行一份问卷（一个研究对象）：自变量、中介变量、因变量均为连续的得分（如量表各题的均分），可另加需要控制的协变量（如年龄、性别）。',
    paramsDescription: '选择自变量、中介变量、因变量与协变量',
    notice: '任一所选变量缺失的行不参与分析。Bootstrap 的随机种子固定时，重复运行结果相同。',
    fields: [
      { filed: 'x', name: '自变量 X', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '原因变量，如工作压力。' },
      { filed: 'mediators', name: '中介变量 M（可多选，平行中介）', type: 'select_multi', columns: 'numeric', required: true, value: [], tips: '选 1 个为简单中介；选 2–5 个为平行（并列）中介，各中介的间接效应与总间接效应分别检验。' },
      { filed: 'y', name: '因变量 Y', type: 'select_single', columns: 'numeric', required: true, value: '', tips: '结果变量，如离职意向。' },
      { filed: 'covariates', name: '定量协变量（可选）', type: 'select_multi', columns: 'numeric', value: [], tips: '需要控制的连续变量（如年龄、工龄），同时进入每一个回归方程。' },
      { filed: 'factors', name: '分类协变量（可选）', type: 'select_multi', columns: 'categorical', value: [], tips: '需要控制的分类变量（如性别、学历），自动生成哑变量，以数据中最先出现的类别为参照。' },
      {
        filed: 'bootstrap',
        name: 'Bootstrap 次数',
        type: 'select_single',
        value: 5000,
        tips: '重抽样次数越多，置信区间越稳定；论文中常用 5000 次。',
        option: [option('1000', 1000), option('2000', 2000), option('5000', 5000), option('10000', 10000)],
      },
      { filed: 'seed', name: '随机种子', type: 'input_number', value: 20231123, props: { min: 1, max: 2147483647, step: 1 }, tips: '种子相同则 Bootstrap 结果完全相同；换一个种子可检查结论是否稳定。' },
      levelField(),
    ],
  }),
};
