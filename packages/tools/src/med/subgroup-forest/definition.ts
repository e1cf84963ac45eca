import { positiveLevelField } from '../../binary-outcome.js';
import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1039,
  key: 'subgroup-forest',
  version: 1,
  name: '亚组分析森林图',
  subname: 'Subgroup Analysis with Forest Plot',
  description:
    '在每个亚组变量的各个水平内估计暴露（如治疗）的效应——二分类结局为 OR（Logistic 回归）、生存结局为 HR（Cox 回归）、连续结局为均值差（线性回归），可调整协变量——并在全部样本中检验“暴露 × 亚组”交互作用（似然比检验或 F 检验），给出期刊风格的亚组森林图（例数、事件数、效应及置信区间、交互 P）。',
  family: 'med',
  categories: ['causal', 'subgroup'],
  difficulty: 4,
  methods: ['亚组分析', 'Logistic 回归（OR）', 'Cox 比例风险回归（HR）', '线性回归（均值差）', '交互作用似然比检验', '交互作用 F 检验', '森林图'],
  vip: true,
  runningTime: 5,
  example: 'subgroup-trial',
  exampleParams: { y: '主要终点事件', exposure: '治疗组', subgroups: ['年龄', '性别', '糖尿病', '分期', 'ECOG评分'], x: ['年龄'], factors: ['分期'] },
  ...dataThenParams({
    tips: '每行一个研究对象：结局（二分类、生存时间 + 状态，或连续变量）、暴露/分组变量（如 试验组/对照组），以及若干基线特征作为亚组变量和协变量。',
    paramsDescription: '选择结局、暴露、亚组变量与协变量',
    notice: '定量的亚组变量（不同取值多于 6 个）按中位数分为两组（≤ 中位数、> 中位数），报告中写明切点。任一所选变量缺失的行不参与分析，全部亚组使用同一批观测。',
    fields: [
      {
        filed: 'outcomeType',
        name: '结局类型',
        type: 'select_single',
        value: 'binary',
        tips: '二分类结局：Logistic 回归，效应为 OR；生存结局：Cox 回归，效应为 HR；连续结局：线性回归，效应为均值差。',
        option: [option('二分类（OR）', 'binary'), option('生存（HR）', 'survival'), option('连续（均值差）', 'continuous')],
        link_item: [
          { id: 'y', rule: { disabled: { binary: false, survival: true, continuous: true } } },
          { id: 'time', rule: { disabled: { binary: true, survival: false, continuous: true } } },
          { id: 'status', rule: { disabled: { binary: true, survival: false, continuous: true } } },
          { id: 'event', rule: { disabled: { binary: false, survival: false, continuous: true } } },
          { id: 'score', rule: { disabled: { binary: true, survival: true, continuous: false } } },
        ],
      },
      { filed: 'y', name: '结局变量（二分类）', type: 'select_single', columns: 'categorical', value: '', tips: '只能有两个取值，如 是/否、1/0。' },
      { filed: 'time', name: '生存时间', type: 'select_single', columns: 'numeric', value: '', disabled: true, tips: '从起点到事件或末次随访的时间，必须大于 0。' },
      { filed: 'status', name: '结局状态（事件/删失）', type: 'select_single', columns: 'categorical', value: '', disabled: true },
      positiveLevelField('event', '代表结局发生（事件）的取值', '留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性、死亡、复发）。'),
      { filed: 'score', name: '连续结局变量', type: 'select_single', columns: 'numeric', value: '', disabled: true },
      { filed: 'exposure', name: '暴露/分组变量', type: 'select_single', columns: 'any', required: true, value: '', tips: '如 治疗组（试验组/对照组）；也可以有多个水平，每个水平与参照比较。' },
      { filed: 'exposureReference', name: '暴露的参照水平', type: 'input', value: '', tips: '如“对照组”。留空时自动识别（对照、安慰剂、否、无、0 等），识别不出时取数据中最先出现的水平。' },
      {
        filed: 'subgroups',
        name: '亚组变量',
        type: 'select_multi',
        columns: 'any',
        value: [],
        tips: '分类变量按其水平分亚组；定量变量（不同取值多于 6 个）按中位数分为两组。每个亚组变量至少要有两个水平。',
      },
      { filed: 'x', name: '调整的定量协变量', type: 'select_multi', columns: 'numeric', value: [], tips: '各亚组及总体模型都调整这些变量；与亚组变量相同的协变量在该亚组变量的各水平内不再调整。' },
      { filed: 'factors', name: '调整的分类协变量', type: 'select_multi', columns: 'categorical', value: [] },
      {
        filed: 'reference',
        name: '水平顺序与参照（可选）',
        type: 'input',
        value: '',
        tips: '格式“变量=水平1,水平2,…”，多个变量用分号分隔，如“分期=I期,II期,III期; 性别=男”。用于分类协变量的参照水平和亚组变量各水平在图表中的顺序；未指定时，数值或 I/II/III 式的水平按大小排列，其余按数据中最先出现的顺序。',
      },
      levelField(),
    ],
  }),
};
