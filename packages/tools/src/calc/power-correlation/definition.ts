import type { CalcToolDefinition } from '../calc-tool.js';
import { alphaField, dropoutField, powerField, sidesField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4004,
  key: 'power-correlation',
  version: 1,
  name: '相关分析的样本量',
  categories: ['样本量与把握度', '相关与回归'],
  description: '检验 Pearson 相关系数不为 0 所需的样本量，给出把握度曲线和可写入申请书的样本量描述（与 R 的 pwr.r.test 一致）。',
  fields: [
    { filed: 'r', name: '预期相关系数 r', type: 'input_number', value: 0.3, props: { min: -0.99, max: 0.99, step: 0.05 }, tips: '来自预试验或文献；负相关按绝对值计算' },
    alphaField(),
    powerField(),
    sidesField(),
    dropoutField(),
  ],
};
