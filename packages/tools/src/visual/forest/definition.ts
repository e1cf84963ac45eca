import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2040,
  key: 'forest',
  version: 1,
  name: '森林图',
  subname: 'Forest Plot',
  description: '根据已有的估计值及其置信区间（亚组分析、多因素模型或多项研究的 OR/HR/RR/均数差）绘制森林图，左侧为亚组名称，右侧列出数值，可按权重调整方块大小。',
  family: 'visual',
  categories: ['statplot', 'clinical-plot'],
  difficulty: 2,
  methods: ['森林图', '对数刻度', '由置信区间推算标准误与 P 值'],
  vip: false,
  runningTime: 3,
  example: 'subgroup-forest',
  exampleParams: { label: '亚组', estimate: 'HR', lower: '95%CI下限', upper: '95%CI上限', weight: '例数', p: 'P值' },
  ...dataThenParams({
    tips: '每行一个亚组（或一项研究、一个变量）：名称、估计值、置信区间下限与上限，可另有权重（如例数）与 P 值。',
    paramsDescription: '选择名称、估计值、置信区间列与刻度',
    notice: '置信区间按 95% 理解；P 值列留空的行按置信区间推算 P 值（Wald 法）。',
    fields: [
      { filed: 'label', name: '名称（亚组/研究）', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'estimate', name: '估计值', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'lower', name: '置信区间下限', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'upper', name: '置信区间上限', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'weight', name: '权重（可选，如例数）', type: 'select_single', columns: 'numeric', value: '' },
      { filed: 'p', name: 'P 值（可选）', type: 'select_single', columns: 'numeric', value: '' },
      {
        filed: 'scale',
        name: '横轴刻度',
        type: 'select_single',
        value: 'log',
        option: [option('对数刻度（OR/HR/RR，参考线为 1）', 'log'), option('线性刻度（均数差等，参考线为 0）', 'linear')],
      },
      { filed: 'measure', name: '效应指标名称', type: 'input', value: 'HR', tips: '如 HR、OR、RR、MD，用于横轴标题与表头。' },
    ],
  }),
};
