import { dataThenParams } from '../../common.js';
import { metaModelFields } from '../../meta-analysis.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1030,
  key: 'meta-binary',
  version: 1,
  name: 'Meta 分析（二分类结局）',
  subname: 'Meta-analysis of Binary Outcomes (OR / RR / RD)',
  description:
    '合并多项研究两组的事件数与总例数：比值比 OR、相对危险度 RR 或率差 RD；固定效应（Mantel–Haenszel、逆方差、Peto）与随机效应（REML、DerSimonian–Laird）模型，Q 检验、I²、H²、τ² 及其置信区间、预测区间，带权重的森林图、漏斗图与 Egger 检验，亚组分析与亚组间差异检验，逐一剔除敏感性分析。',
  family: 'med',
  categories: ['evidence', 'meta'],
  difficulty: 3,
  methods: ['Mantel–Haenszel 法', '逆方差法', 'Peto 法', 'DerSimonian–Laird 随机效应', 'REML 随机效应', 'Q 检验与 I²', 'τ² 的 Q-profile 置信区间', '预测区间', '森林图', '漏斗图', 'Egger 检验', '亚组分析', '逐一剔除分析'],
  vip: true,
  runningTime: 3,
  example: 'bcg-vaccine-trials',
  exampleParams: { study: '研究', e1: '接种组结核病例数', n1: '接种组总人数', e2: '对照组结核病例数', n2: '对照组总人数' },
  ...dataThenParams({
    tips: '每行一项研究（汇总数据）：研究名称列，试验组的事件数与总例数，对照组的事件数与总例数；可另有一列亚组变量（如 设计类型）。',
    paramsDescription: '选择各组的事件数、总例数与合并方法',
    notice:
      '事件数不能大于总例数。有零格的研究各格加 0.5 后计算该研究的效应量（同 metafor 默认）；两组均无事件（或均全部发生事件）的研究对 OR、RR 不提供信息，不纳入（同 metafor rma.mh 的 drop00）。Peto 法只用于 OR。任一所用列缺失的研究不参与分析。',
    fields: [
      { filed: 'study', name: '研究名称', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'e1', name: '试验组事件数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'n1', name: '试验组总例数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'e2', name: '对照组事件数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'n2', name: '对照组总例数', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'arm1', name: '试验组名称（可选）', type: 'input', value: '', tips: '用于表格与结论的文字，如 干预组；留空时取试验组各列列名的共同前缀（如 接种组），没有则写作“试验组”。' },
      { filed: 'arm2', name: '对照组名称（可选）', type: 'input', value: '', tips: '留空时取对照组各列列名的共同前缀，没有则写作“对照组”。' },
      { filed: 'outcomeLabel', name: '结局名称（可选）', type: 'input', value: '', tips: '用于结论，如 结核病发病风险；留空时写作“事件发生风险”。' },
      {
        filed: 'measure',
        name: '效应量',
        type: 'select_single',
        value: 'RR',
        option: [option('相对危险度 RR', 'RR'), option('比值比 OR', 'OR'), option('率差 RD', 'RD')],
      },
      {
        filed: 'fixedMethod',
        name: '固定效应合并方法',
        type: 'select_single',
        value: 'MH',
        option: [option('Mantel–Haenszel 法（推荐）', 'MH'), option('逆方差法', 'IV'), option('Peto 法（仅 OR，适合事件罕见）', 'Peto')],
      },
      ...metaModelFields(),
    ],
  }),
};
