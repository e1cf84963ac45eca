import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2026,
  key: 'venn-upset',
  version: 1,
  name: '韦恩图与 UpSet 图',
  subname: 'Venn Diagram and UpSet Plot',
  description: '展示 2~5 个集合（如合并症、差异基因列表）的交集：韦恩图给出每个区域的个数，UpSet 图用柱形与点阵列出各种组合的大小，集合多时更清晰。',
  family: 'visual',
  categories: ['statplot', 'omics-plot'],
  difficulty: 1,
  methods: ['韦恩图', 'UpSet 图', '集合交集计数'],
  vip: true,
  runningTime: 3,
  example: 'venn-upset',
  exampleParams: { vars: ['高血压', '糖尿病', '高脂血症', '冠心病'] },
  ...dataThenParams({
    tips: '两种格式：① 每行一个对象，每列一个集合，取值 1/0（或 是/否）表示是否属于该集合；② 每列一个名单（如各组的差异基因），每个非空单元格是一个元素。',
    paramsDescription: '选择数据格式与 2~5 个集合列',
    notice: '0/1 格式中，所选列有缺失值的行不参与计数；名单格式中，同一列内重复的元素只计一次。',
    fields: [
      { filed: 'mode', name: '数据格式', type: 'select_single', value: 'membership', option: [option('每列 0/1 表示是否属于该集合', 'membership'), option('每列一个元素名单', 'lists')] },
      { filed: 'vars', name: '集合列（2~5 个）', type: 'select_multi', columns: 'any', required: true, value: [] },
      { filed: 'venn', name: '绘制韦恩图', type: 'switch', value: true },
      { filed: 'emptyIntersections', name: 'UpSet 图显示个数为 0 的组合', type: 'switch', value: false },
    ],
  }),
};
