import { option, type ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 1004,
  key: 'ttest-paired',
  version: 1,
  name: '配对t检验',
  subname: 'Paired-Samples t Test',
  description: '比较同一批对象两次测量（如治疗前后）的均值差是否为 0，检验差值的正态性，给出均值差的置信区间和效应量。',
  family: 'med',
  categories: ['差异检验', '参数检验'],
  difficulty: 2,
  methods: ['配对 t 检验', 'Shapiro-Wilk 正态性检验（差值）', "Cohen's d_z"],
  vip: false,
  runningTime: 3,
  example: 'hypertension-trial',
  exampleParams: { x1: '治疗前收缩压', x2: '治疗后收缩压' },
  stepGroups: [
    { key: 'data', name: '数据', description: '选择示例数据或上传自己的数据' },
    { key: 'params', name: '参数', description: '选择配对的两个变量' },
  ],
  steps: [
    { key: 'data', group: 'data', name: '选择数据', type: 'data', tips: '“宽格式”：两次测量各占一列，同一对象在同一行。', fields: [] },
    {
      key: 'params',
      group: 'params',
      name: '变量与选项',
      type: 'form',
      notice: '差值 = 第一个变量 − 第二个变量；任一值缺失的行不参与分析。',
      fields: [
        { filed: 'x1', name: '第一次测量（如治疗前）', type: 'select_single', columns: 'numeric', required: true, value: '' },
        { filed: 'x2', name: '第二次测量（如治疗后）', type: 'select_single', columns: 'numeric', required: true, value: '' },
        {
          filed: 'alternative',
          name: '备择假设',
          type: 'select_single',
          value: 'two.sided',
          option: [option('双侧（均值差不为0）', 'two.sided'), option('第一次 > 第二次', 'greater'), option('第一次 < 第二次', 'less')],
        },
        { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.8, max: 0.999, step: 0.01 } },
      ],
    },
  ],
};
