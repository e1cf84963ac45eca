import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2045,
  key: 'sankey',
  version: 1,
  name: '桑基图',
  subname: 'Sankey / Alluvial Diagram',
  description: '把 2–4 个分类变量看作先后的阶段（如治疗方案 → 最佳疗效 → 结局），用带宽度的流带展示各类别之间的人数流向；给出每条流向的例数与占比，并对相邻阶段做卡方检验。可用频数列输入汇总数据。',
  family: 'visual',
  categories: ['statplot', 'composition-plot'],
  difficulty: 2,
  methods: ['桑基图', '冲积图', '列联表', 'Pearson 卡方检验'],
  vip: false,
  runningTime: 3,
  example: 'sankey',
  exampleParams: { stages: ['治疗方案', '最佳疗效', '十二个月状态'] },
  ...dataThenParams({
    tips: '每行一个观测对象，2–4 列分类变量依次为各阶段（如治疗方案、疗效、结局）；数据已汇总时，每行一种组合并另选一列频数。',
    paramsDescription: '按先后顺序选择各阶段的变量',
    notice: '阶段按所选变量的先后顺序从左到右排列；流带宽度与例数（或频数之和）成正比。',
    fields: [
      { filed: 'stages', name: '阶段变量（按先后顺序，2–4 列）', type: 'select_multi', columns: 'categorical', required: true, value: [] },
      { filed: 'weight', name: '频数（加权，可选）', type: 'select_single', columns: 'numeric', value: '', tips: '数据已汇总成每种组合一行时，选择记录人数的列；频数须为非负数。' },
      {
        filed: 'missing',
        name: '缺失值',
        type: 'select_single',
        value: 'exclude',
        option: [option('任一阶段缺失的行不纳入', 'exclude'), option('缺失作为“缺失”类别显示', 'category')],
      },
      { filed: 'order', name: '类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“客观缓解, 疾病稳定, 疾病进展”；各阶段中列出的类别按此顺序自上而下排列，其余类别按数据中首次出现的顺序排在后面。' },
    ],
  }),
};
