import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2025,
  key: 'volcano',
  version: 1,
  name: '火山图',
  subname: 'Volcano Plot',
  description: '以 log2 倍数变化为横轴、−log10(P) 为纵轴展示差异分析结果，按倍数与 P 值阈值把基因分为上调、下调与无差异，标注最显著的基因并统计个数。',
  family: 'visual',
  categories: ['statplot', 'omics-plot'],
  difficulty: 1,
  methods: ['火山图', 'log2 倍数变化', '−log10(P)', '阈值分类', 'Top N 标注'],
  vip: true,
  runningTime: 3,
  example: 'volcano',
  exampleParams: { label: '基因', fc: 'log2FC', p: 'P值' },
  ...dataThenParams({
    tips: '每行一个基因（或蛋白、代谢物）的差异分析结果：名称、log2 倍数变化与 P 值（或校正后的 P 值）。',
    paramsDescription: '选择名称、log2FC 与 P 值列，设置阈值',
    notice: '上调：log2FC ≥ 倍数阈值且 P < P 阈值；下调：log2FC ≤ −倍数阈值且 P < P 阈值。P 值建议用校正后的（如 FDR）。',
    fields: [
      { filed: 'label', name: '名称列（基因）', type: 'select_single', columns: 'any', value: '' },
      { filed: 'fc', name: 'log2 倍数变化（log2FC）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'p', name: 'P 值（或校正 P 值）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'fcCut', name: '|log2FC| 阈值', type: 'input_number', value: 1, props: { min: 0, max: 10, step: 0.1 } },
      { filed: 'pCut', name: 'P 值阈值', type: 'input_number', value: 0.05, props: { min: 0.000001, max: 0.5, step: 0.01 } },
      { filed: 'topN', name: '标注最显著的基因数', type: 'input_number', value: 10, props: { min: 0, max: 50, step: 1 } },
    ],
  }),
};
