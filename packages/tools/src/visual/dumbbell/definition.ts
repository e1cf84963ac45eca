import { dataThenParams } from '../../common.js';
import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2043,
  key: 'dumbbell',
  version: 1,
  name: '哑铃图',
  subname: 'Dumbbell Plot',
  description: '每个项目（医院、地区、患者、指标）的两个数值（如前后两个时点、两种方法）画成两端圆点与连线，按差值排序，并给出差值的配对 t 检验。',
  family: 'visual',
  categories: ['statplot', 'comparison-plot'],
  difficulty: 1,
  methods: ['哑铃图', '配对差值', '配对 t 检验'],
  vip: false,
  runningTime: 3,
  example: 'hospital-antibiotics',
  exampleParams: { item: '医院', first: '2019年抗菌药物使用率(%)', second: '2023年抗菌药物使用率(%)' },
  ...dataThenParams({
    tips: '每行一个项目：项目名称与两列数值（如基线与随访、2019 年与 2023 年）。',
    paramsDescription: '选择项目名称、两列数值与排序方式',
    notice: '差值 = 第二个数值 − 第一个数值；两列都有值的项目才绘制。',
    fields: [
      { filed: 'item', name: '项目名称', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'first', name: '第一个数值（如前）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'second', name: '第二个数值（如后）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      {
        filed: 'sort',
        name: '排序',
        type: 'select_single',
        value: 'diff',
        option: [option('按差值', 'diff'), option('按第一个数值', 'first'), option('按第二个数值', 'second'), option('按数据顺序', 'none')],
      },
    ],
  }),
};
