import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2003,
  key: 'histogram',
  version: 1,
  name: '直方图',
  subname: 'Histogram with Density Curve',
  description: '绘制定量变量的频数分布直方图，组距按 Sturges 或 Freedman–Diaconis 法则（同 R 的 hist）或指定组数，可叠加核密度曲线或正态曲线，可按分组叠加比较。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['直方图', 'Sturges / Freedman–Diaconis 组距', '核密度曲线', '正态曲线'],
  vip: false,
  runningTime: 3,
  example: 'histogram',
  exampleParams: { x: '总胆固醇', group: '性别' },
  ...dataThenParams({
    tips: '每行一个观测对象，选择一个定量变量；可选一个分组变量，各组直方图按相同组距叠加显示。',
    paramsDescription: '选择变量、组距方法与叠加曲线',
    notice: '组距按全部数据确定，各组共用同一组距；曲线按各组的例数与组距换算到频数尺度。',
    fields: [
      { filed: 'x', name: '定量变量', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组变量（可选）', type: 'select_single', columns: 'categorical', value: '' },
      {
        filed: 'bins',
        name: '组距方法',
        type: 'select_single',
        value: 'sturges',
        option: [option('Sturges 法则（R 默认）', 'sturges'), option('Freedman–Diaconis 法则', 'fd'), option('指定组数（等宽）', 'count')],
      },
      { filed: 'binCount', name: '组数（指定组数时）', type: 'input_number', value: 10, props: { min: 2, max: 100, step: 1 } },
      { filed: 'overlay', name: '叠加曲线', type: 'select_single', value: 'density', option: [option('核密度曲线', 'density'), option('正态分布曲线', 'normal'), option('不叠加', 'none')] },
    ],
  }),
};
