import { dataThenParams } from '../../common.js';
import type { FieldSpec, ToolDefinition } from '../../tool.js';

/** Factor slots on the form (the engine takes any number; six covers most questionnaires). */
export const FACTOR_SLOTS = 6;

const slot = (k: number): FieldSpec[] => [
  {
    filed: `f${k}`,
    name: `因子${k} 的条目`,
    type: 'select_multi',
    columns: 'numeric',
    required: k === 1,
    value: [],
    tips: k === 1 ? '该维度的条目（每个因子至少 2 个，一般 3 个以上）；第一个条目作为标定条目（非标准化载荷固定为 1）。' : '不用的因子留空。',
  },
  { filed: `name${k}`, name: `因子${k} 的名称（可选）`, type: 'input', value: '', tips: '如“医患沟通”；留空时取各条目名称的共同前缀（如 沟通1 ~ 沟通4 → 沟通），没有共同前缀时称为“因子' + k + '”。' },
];

export const definition: ToolDefinition = {
  id: 6016,
  key: 'cfa',
  version: 1,
  name: '验证性因子分析 CFA',
  subname: 'Confirmatory Factor Analysis',
  description:
    '按理论设定的维度结构（每个条目只属于一个因子，因子间相关）检验量表的结构效度：最大似然估计的标准化与非标准化因子载荷及其标准误、因子相关，χ²、CFI、TLI、RMSEA（90% 置信区间）、SRMR、AIC/BIC 等拟合指数，各维度的平均方差抽取量 AVE 与组合信度 CR，Fornell–Larcker 区分效度表，以及修正指数（交叉载荷与残差相关）和路径图。结果与 R 的 lavaan::cfa 一致。',
  family: 'advanced',
  categories: ['wenjuan', 'scale'],
  difficulty: 4,
  methods: ['最大似然估计（Fisher 得分法）', '标定变量法识别', '标准化载荷（std.all）', '拟合指数 CFI/TLI/RMSEA/SRMR', 'AVE 与组合信度 CR', 'Fornell–Larcker 区分效度', '修正指数'],
  vip: true,
  svip: true,
  runningTime: 3,
  example: 'cfa-survey',
  exampleParams: {
    f1: ['沟通1', '沟通2', '沟通3', '沟通4'],
    f2: ['环境1', '环境2', '环境3', '环境4'],
    f3: ['满意度1', '满意度2', '满意度3', '满意度4'],
  },
  ...dataThenParams({
    tips: '每行一个研究对象，每个量表条目一列（Likert 评分或其他定量变量）。反向计分条目请先反向计分。',
    paramsDescription: '按维度分配条目（每个因子一组），并可为各因子命名',
    notice: '任一所选条目缺失的行不参与分析（列表删除）。每个条目只能属于一个因子；只有 1 个因子时至少需要 3 个条目。样本量一般应在 200 以上。',
    fields: [
      ...Array.from({ length: FACTOR_SLOTS }, (_, k) => slot(k + 1)).flat(),
      {
        filed: 'miMin',
        name: '修正指数的显示阈值',
        type: 'input_number',
        value: 3.84,
        props: { min: 0, max: 100, step: 0.01 },
        tips: '只列出修正指数 ≥ 此值的参数（3.84 即 1 个自由度 χ² 检验的 P = 0.05 临界值；常用 3.84 或 10），最多 15 条。',
      },
    ],
  }),
};
