import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4101,
  key: 'diagnostic-2x2',
  version: 1,
  name: '诊断试验评价（四格表）',
  categories: ['四格表与列联表', '诊断试验'],
  description: '由诊断试验与金标准的四格表（真阳性、假阳性、假阴性、真阴性）计算灵敏度、特异度、预测值、准确度、似然比和约登指数及其置信区间。',
  table: {
    columns: [
      { label: '检测结果', value: 'result' },
      { label: '金标准阳性', value: 'diseased' },
      { label: '金标准阴性', value: 'healthy' },
    ],
    example: [
      { result: '检测阳性', diseased: 90, healthy: 15 },
      { result: '检测阴性', diseased: 10, healthy: 185 },
    ],
  },
  fields: [
    { filed: 'method', name: '率的置信区间方法', type: 'select_single', value: 'clopper-pearson', option: [option('Clopper–Pearson 精确法', 'clopper-pearson'), option('Wilson 计分法', 'wilson')] },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
  ],
};
