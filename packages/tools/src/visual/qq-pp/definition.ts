import { dataThenParams, levelField } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2010,
  key: 'qq-pp',
  version: 1,
  name: 'Q-Q 图与 P-P 图',
  subname: 'Normal Q-Q and P-P Plots',
  description: '绘制数值变量（可按组）的正态 Q-Q 图与 P-P 图：Q-Q 图带过四分位数的参考线（同 R 的 qqline）与逐点置信带，P-P 图对照按样本均数和标准差拟合的正态分布，并给出 Shapiro-Wilk 检验。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 2,
  methods: ['正态 Q-Q 图（qqnorm/qqline）', '逐点置信带', 'P-P 图', 'Shapiro-Wilk 检验'],
  vip: false,
  runningTime: 2,
  example: 'qq-pp',
  exampleParams: { x: '住院费用' },
  ...dataThenParams({
    tips: '一列数值变量，可选一列分组变量（每组分别绘制，最多 8 组）。',
    paramsDescription: '选择变量、图形与置信带',
    notice: '点落在参考线附近（置信带以内）提示数据与正态分布相符；系统性弯曲提示偏态，两端翘起提示厚尾。',
    fields: [
      { filed: 'x', name: '数值变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'plot', name: '图形', type: 'select_single', value: 'both', option: [option('Q-Q 图与 P-P 图', 'both'), option('仅 Q-Q 图', 'qq'), option('仅 P-P 图', 'pp')] },
      { filed: 'band', name: 'Q-Q 图置信带', type: 'switch', value: true },
      levelField(),
    ],
  }),
};
