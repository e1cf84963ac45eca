import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

export const definition: CalcToolDefinition = {
  id: 4102,
  key: 'effect-2x2',
  version: 1,
  name: 'OR、RR、RD 与 NNT（四格表）',
  categories: ['四格表与列联表', '效应量'],
  description: '由暴露（或处理）与结局的四格表计算比值比 OR、相对危险度 RR、率差 RD 和需治疗人数 NNT 及其置信区间，并给出 χ² 检验和 Fisher 确切概率。',
  table: {
    columns: [
      { label: '组别', value: 'group' },
      { label: '结局发生', value: 'event' },
      { label: '结局未发生', value: 'noEvent' },
    ],
    example: [
      { group: '暴露组', event: 30, noEvent: 70 },
      { group: '非暴露组', event: 15, noEvent: 85 },
    ],
  },
  fields: [
    { filed: 'design', name: '研究设计', type: 'select_single', value: 'cohort', option: [option('队列研究或临床试验', 'cohort'), option('病例对照研究', 'case-control')], tips: '病例对照研究不能估计发生率，只报告 OR' },
    { filed: 'outcome', name: '结局的性质', type: 'select_single', value: 'adverse', option: [option('不利结局（如死亡、复发）', 'adverse'), option('有利结局（如治愈、缓解）', 'favourable')], tips: '决定 NNT 是获益（NNTB）还是伤害（NNTH）' },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
  ],
};
