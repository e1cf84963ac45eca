import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4105,
  key: 'proportion-ci',
  version: 1,
  name: '率的置信区间',
  categories: ['置信区间', '率'],
  description: '由阳性例数 x 和总例数 n 计算样本率及其置信区间（Wilson、连续性校正 Wilson、Clopper–Pearson 精确法、Agresti–Coull、Wald），并做样本率与已知总体率比较的二项分布确切检验。',
  fields: [
    { filed: 'x', name: '阳性（事件）例数 x', type: 'input_number', value: 36, props: { min: 0, step: 1 } },
    { filed: 'n', name: '总例数 n', type: 'input_number', value: 120, props: { min: 1, step: 1 } },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
    { filed: 'p0', name: '比较的总体率 π0', type: 'input_number', value: 0.5, props: { min: 0.0001, max: 0.9999, step: 0.01 }, tips: '用于二项分布确切检验（H0：π = π0）' },
  ],
};
