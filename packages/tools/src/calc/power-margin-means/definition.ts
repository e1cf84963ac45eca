import type { CalcToolDefinition } from '../calc-tool.js';
import { dropoutField, powerField } from '../sample-size.js';
import { designField, marginField, oneSidedAlphaField } from '../margin.js';

export const definition: CalcToolDefinition = {
  id: 4008,
  key: 'power-margin-means',
  version: 1,
  name: '非劣效/等效/优效试验的样本量（均数）',
  categories: ['样本量与把握度', '非劣效与等效'],
  description: '两组均数比较的非劣效、等效和优效（按界值）试验所需的每组样本量（正态近似，Chow、Shao 与 Wang 公式），给出把握度曲线和可写入申请书的样本量描述。',
  fields: [
    designField(),
    { filed: 'delta', name: '预期均数差 δ（试验组−对照组）', type: 'input_number', value: 0, props: { step: 0.1 }, tips: '指标越大越好；越小越好的指标请把差值和方向反过来填写' },
    { filed: 'sd', name: '标准差 σ', type: 'input_number', value: 10, props: { min: 0, step: 0.1 } },
    marginField(5, 0.5),
    oneSidedAlphaField(),
    powerField(),
    dropoutField(),
  ],
};
