import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2024,
  key: 'radar',
  version: 1,
  name: '雷达图',
  subname: 'Radar Chart',
  description: '把各组在多个指标上的均值画成雷达图（蛛网图），直观比较各组的多维特征，如生活质量各维度评分；可按极差或 z-score 缩放，使量纲不同的指标可比。',
  family: 'visual',
  categories: ['statplot', 'relation-plot'],
  difficulty: 1,
  methods: ['雷达图', '分组均值', '极差缩放', 'z-score 标准化'],
  vip: false,
  runningTime: 3,
  example: 'radar',
  exampleParams: { vars: ['生理功能', '生理职能', '躯体疼痛', '总体健康', '活力', '社会功能', '情感职能', '精神健康'], group: '组别' },
  ...dataThenParams({
    tips: '每行一个观测对象，每个指标一列（数值），可选一列分组。',
    paramsDescription: '选择指标、分组与缩放方式',
    notice: '所选指标或分组有缺失的行不参与计算。量纲不同的指标（如血压与血糖）请选择缩放，否则数值大的指标会占满图形。',
    fields: [
      { filed: 'vars', name: '指标（3~12 个）', type: 'select_multi', columns: 'numeric', required: true, value: [] },
      { filed: 'group', name: '分组变量（可选，最多 8 组）', type: 'select_single', columns: 'categorical', value: '' },
      {
        filed: 'scale',
        name: '缩放',
        type: 'select_single',
        value: 'none',
        option: [option('不缩放（原始均值）', 'none'), option('按极差缩放到 0~1', 'range'), option('z-score 标准化', 'z')],
      },
      { filed: 'area', name: '填充区域', type: 'switch', value: true },
    ],
  }),
};
