import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2046,
  key: 'mosaic',
  version: 1,
  name: '马赛克图',
  subname: 'Mosaic Plot',
  description: '两个分类变量的列联表画成一组矩形：宽度为各列类别的构成比，高度为列内各行类别的条件构成比，面积与例数成正比；按 Pearson 残差着色，直观显示哪些格子多于或少于独立时的期望，并给出卡方检验。可用频数列输入汇总数据。',
  family: 'visual',
  categories: ['statplot', 'composition-plot'],
  difficulty: 2,
  methods: ['马赛克图', '列联表', 'Pearson 卡方检验', 'Pearson 残差', "Cramér's V"],
  vip: false,
  runningTime: 3,
  example: 'mosaic',
  exampleParams: { x: 'Lauren分型', y: 'TNM分期' },
  ...dataThenParams({
    tips: '每行一个观察对象，两列分类变量；或每行一个格子，另有一列频数（汇总数据）。',
    paramsDescription: '选择横向与纵向的分类变量',
    notice: '矩形宽度代表横向变量各类别的例数占比，高度代表该类别内纵向变量的构成比；蓝色表示多于独立时的期望，红色表示少于期望。',
    fields: [
      { filed: 'x', name: '横向变量（决定矩形宽度）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'y', name: '纵向变量（决定矩形高度）', type: 'select_single', columns: 'categorical', required: true, value: '' },
      { filed: 'weight', name: '频数（加权，可选）', type: 'select_single', columns: 'numeric', value: '', tips: '数据已汇总成每个格子一行时，选择记录频数的列；频数须为非负整数。' },
      { filed: 'xOrder', name: '横向变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“肠型, 弥漫型, 混合型”；未列出的类别按数据中首次出现的顺序排在后面。' },
      { filed: 'yOrder', name: '纵向变量的类别顺序（用逗号分隔，可选）', type: 'input', value: '', tips: '如“I期, II期, III期, IV期”（自上而下）；未列出的类别按数据中首次出现的顺序排在后面。' },
      {
        filed: 'shade',
        name: '着色',
        type: 'select_single',
        value: 'residual',
        option: [option('按 Pearson 残差（蓝多红少）', 'residual'), option('按纵向变量的类别', 'category')],
      },
    ],
  }),
};
