import type { CalcToolDefinition } from '../calc-tool.js';
import { designField, marginField, oneSidedAlphaField } from '../margin.js';
import { dropoutField, powerField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4009,
  key: 'power-margin-proportions',
  version: 1,
  name: '非劣效/等效/优效试验的样本量（率）',
  categories: ['样本量与把握度', '非劣效与等效'],
  description: '两组率比较的非劣效、等效和优效（按界值）试验所需的每组样本量（正态近似，Chow、Shao 与 Wang 公式），给出把握度曲线和可写入申请书的样本量描述。',
  fields: [
    designField(),
    { filed: 'p1', name: '试验组预期率 p₁', type: 'input_number', value: 0.85, props: { min: 0, max: 1, step: 0.01 }, tips: '如有效率；填 0 到 1 之间的小数' },
    { filed: 'p2', name: '对照组预期率 p₂', type: 'input_number', value: 0.85, props: { min: 0, max: 1, step: 0.01 }, tips: '填 0 到 1 之间的小数' },
    marginField(0.1, 0.01),
    oneSidedAlphaField(),
    powerField(),
    dropoutField(),
  ],
};
