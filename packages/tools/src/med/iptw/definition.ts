import { option, type ToolDefinition } from '../../tool.js';
import { propensityDefinition } from '../prediction/propensity-e.js';

export const definition: ToolDefinition = propensityDefinition({
  id: 1041,
  key: 'iptw',
  name: '逆概率加权 IPTW',
  subname: 'Inverse Probability of Treatment Weighting',
  description:
    '观察性研究中用倾向性评分的倒数给每个研究对象加权（逆概率加权），使处理组与对照组在已测量的混杂因素上可比，且不丢弃研究对象：可估计全人群的平均处理效应（ATE）或处理组的平均处理效应（ATT），可用稳定化权重、按百分位数截断极端权重；给出加权前后的基线表与标准化均数差、Love 图、倾向性评分分布、权重分布与有效样本量，并把权重另存为新数据文件，供加权的结局分析使用。',
  methods: ['倾向性评分（Logistic 回归）', '逆概率加权（IPTW）', '稳定化权重', '权重截断', '标准化均数差（SMD）', '有效样本量（ESS）', 'Love 图'],
  outcomeTips: '结局变量不参与加权，在新数据文件中按权重分析。',
  paramsDescription: '选择处理变量、协变量与权重',
  notice: '任一所选变量缺失的行不参与加权（在新数据文件中权重为空）。加权后的数据（全部行，含倾向性评分与 IPTW 权重）会另存为新数据文件。',
  fields: [
    {
      filed: 'estimand',
      name: '估计目标',
      type: 'select_single',
      value: 'ATE',
      tips: 'ATE：若全部人群都接受处理与都不接受处理的平均差别，权重 处理组 1/e、对照组 1/(1 − e)；ATT：处理组人群中的平均效应，权重 处理组 1、对照组 e/(1 − e)（e 为倾向性评分）。',
      option: [option('全人群平均处理效应 ATE', 'ATE'), option('处理组平均处理效应 ATT', 'ATT')],
      link_item: [{ id: 'stabilize', rule: { disabled: { ATE: false, ATT: true } } }],
    },
    { filed: 'stabilize', name: '稳定化权重（仅 ATE）', type: 'switch', value: true, tips: '权重再乘以所在组的比例 P(处理) 或 P(对照)，使权重均数约为 1、加权样本量接近实际样本量，方差更小（Xu 等 2010）。' },
    {
      filed: 'truncate',
      name: '截断极端权重',
      type: 'select_single',
      value: 'none',
      tips: '把低于下百分位数、高于上百分位数的权重分别设为该百分位数（Cole & Hernán 2008）；ATT 只截断对照组的权重。',
      option: [option('不截断', 'none'), option('第 1 与第 99 百分位数', '99'), option('第 5 与第 95 百分位数', '95')],
    },
  ],
});
