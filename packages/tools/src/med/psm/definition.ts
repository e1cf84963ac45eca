import { option, type ToolDefinition } from '../../tool.js';
import { propensityDefinition } from '../prediction/propensity-e.js';

export const definition: ToolDefinition = propensityDefinition({
  id: 1040,
  key: 'psm',
  name: '倾向性评分匹配 PSM',
  subname: 'Propensity Score Matching',
  description:
    '观察性研究中处理组与对照组的基线不可比时，用 Logistic 回归估计每个研究对象接受处理的概率（倾向性评分），按评分为处理组对象匹配最相近的对照（1:k 最近邻匹配，可设卡钳值、有放回或无放回、对部分变量精确匹配），给出匹配前后的基线表与标准化均数差（SMD）、Love 图、倾向性评分分布图，并把匹配后的数据另存为新数据文件，供后续分析使用。',
  methods: ['倾向性评分（Logistic 回归）', '最近邻匹配（贪婪法，同 MatchIt）', '卡钳匹配', '精确匹配', '标准化均数差（SMD）', '方差比', 'Love 图'],
  outcomeTips: '结局变量不参与匹配，匹配后在新数据文件中分析。',
  paramsDescription: '选择处理变量、协变量与匹配方法',
  notice: '按倾向性评分为处理组的每个对象匹配对照组对象（估计 ATT）。任一所选变量缺失的行不参与匹配。匹配后的数据（含倾向性评分、匹配组号与匹配权重）会另存为新数据文件。',
  fields: [
    { filed: 'ratio', name: '匹配比例（1:k）', type: 'input_number', value: 1, props: { min: 1, max: 10, step: 1 }, tips: '每个处理组对象匹配的对照个数 k。对照远多于处理组时可用 1:2 ~ 1:4，以提高精度。' },
    {
      filed: 'distance',
      name: '匹配距离',
      type: 'select_single',
      value: 'logit',
      tips: '倾向性评分的 logit（对数比值，Austin 2011 推荐，同 MatchIt 的 link = "linear.logit"），或倾向性评分本身（MatchIt 的默认）。卡钳值按所选距离的标准差计算。',
      option: [option('倾向性评分的 logit', 'logit'), option('倾向性评分', 'ps')],
    },
    { filed: 'caliper', name: '卡钳值（距离标准差的倍数）', type: 'input_number', value: 0.2, props: { min: 0, max: 2, step: 0.05 }, tips: '匹配对的距离之差不得超过“卡钳值 × 距离的标准差”；常用 0.2（Austin 2011）。填 0 表示不设卡钳。找不到卡钳内对照的处理组对象不进入匹配样本。' },
    { filed: 'replace', name: '有放回匹配', type: 'switch', value: false, tips: '有放回：同一对照可与多个处理组对象匹配，匹配更近但需按匹配权重分析。无放回：每个对照至多使用一次。' },
    { filed: 'exact', name: '精确匹配变量（可选）', type: 'select_multi', columns: 'categorical', value: [], tips: '处理组对象只与这些变量取值完全相同的对照匹配（如性别、分期）。' },
  ],
});
