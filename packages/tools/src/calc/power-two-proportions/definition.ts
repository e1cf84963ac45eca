import type { CalcToolDefinition } from '../calc-tool.js';
import { alphaField, dropoutField, powerField, sidesField } from '../sample-size.js';

export const definition: CalcToolDefinition = {
  id: 4002,
  key: 'power-two-proportions',
  version: 1,
  name: '两样本率比较的样本量',
  categories: ['样本量与把握度', '率的比较'],
  description: '比较两组率（两独立样本）所需的样本量，可设不等分配比例和连续性校正，给出把握度曲线和可写入申请书的样本量描述（等分配时与 R 的 power.prop.test 一致）。',
  fields: [
    { filed: 'p1', name: '对照组预期率 p₁', type: 'input_number', value: 0.3, props: { min: 0, max: 1, step: 0.01 }, tips: '填 0 到 1 之间的小数，如 30% 填 0.3' },
    { filed: 'p2', name: '试验组预期率 p₂', type: 'input_number', value: 0.5, props: { min: 0, max: 1, step: 0.01 }, tips: '填 0 到 1 之间的小数' },
    { filed: 'ratio', name: '分配比 k（试验组:对照组）', type: 'input_number', value: 1, props: { min: 0.1, max: 10, step: 0.5 }, tips: '试验组例数是对照组的 k 倍；等分配填 1' },
    { filed: 'correction', name: '连续性校正', type: 'switch', value: false, tips: 'Fleiss 连续性校正，样本量略大，适合以校正 χ² 检验或 Fisher 精确检验分析的研究' },
    alphaField(),
    powerField(),
    sidesField(),
    dropoutField(),
  ],
};
