import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2044,
  key: 'lollipop',
  version: 1,
  name: '棒棒糖图',
  subname: 'Lollipop Chart',
  description: '每个项目一根细杆加一个圆点表示数值，按大小排序，可按分组着色；同一项目有多行时可先求均值、中位数或合计。比条形图更简洁，适合项目较多的排名展示。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['棒棒糖图', '排序', '分组着色'],
  vip: false,
  runningTime: 3,
  example: 'hospital-antibiotics',
  exampleParams: { item: '医院', value: '2023年抗菌药物使用率(%)', group: '医院等级' },
  ...dataThenParams({
    tips: '每行一个项目与一个数值；同一项目有多行时请选择汇总方式。可另选一个分组变量着色。',
    paramsDescription: '选择项目、数值、分组与汇总方式',
    notice: '杆从 0 画到数值；项目按数值由大到小自上而下排列。',
    fields: [
      { filed: 'item', name: '项目名称', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'value', name: '数值', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组着色（可选）', type: 'select_single', columns: 'categorical', value: '' },
      {
        filed: 'aggregate',
        name: '同一项目多行时',
        type: 'select_single',
        value: 'none',
        option: [option('每个项目只有一行', 'none'), option('取均值', 'mean'), option('取中位数', 'median'), option('求合计', 'sum')],
      },
    ],
  }),
};
