import type { CalcToolDefinition } from '../calc-tool.js';
import { dropoutField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4007,
  key: 'power-diagnostic',
  version: 1,
  name: '诊断试验（灵敏度与特异度）的样本量',
  categories: ['样本量与把握度', '诊断试验'],
  description: '以一定精度（置信区间半宽）估计诊断试验灵敏度和特异度所需的样本量（Buderer 法），考虑目标人群的患病率，给出精度曲线和可写入申请书的样本量描述。',
  fields: [
    { filed: 'sensitivity', name: '预期灵敏度', type: 'input_number', value: 0.85, props: { min: 0, max: 1, step: 0.01 }, tips: '填 0 到 1 之间的小数' },
    { filed: 'specificity', name: '预期特异度', type: 'input_number', value: 0.9, props: { min: 0, max: 1, step: 0.01 }, tips: '填 0 到 1 之间的小数' },
    { filed: 'prevalence', name: '目标人群患病率', type: 'input_number', value: 0.2, props: { min: 0, max: 1, step: 0.01 }, tips: '研究对象中患者所占比例' },
    { filed: 'precision', name: '允许误差 d（置信区间半宽）', type: 'input_number', value: 0.05, props: { min: 0, max: 0.5, step: 0.01 }, tips: '如 0.05 表示估计值 ±5%' },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
    dropoutField(),
  ],
};
