import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2023,
  key: 'bubble',
  version: 1,
  name: '气泡图',
  subname: 'Bubble Chart',
  description: '在散点图上再加一个维度：横轴、纵轴为两个定量变量，气泡面积表示第三个变量（如人口、样本量），颜色表示分组，并给出横纵变量的相关系数。',
  family: 'visual',
  categories: ['statplot', 'relation-plot'],
  difficulty: 1,
  methods: ['气泡图', '面积比例缩放', '分组着色', 'Pearson 相关'],
  vip: false,
  runningTime: 3,
  example: 'bubble',
  exampleParams: { x: '人均GDP万元', y: '糖尿病患病率', size: '常住人口百万', group: '地区', label: '省份' },
  ...dataThenParams({
    tips: '每行一个对象（如一个地区、一项研究），选择横轴、纵轴与气泡大小三个定量变量，可选分组与名称。',
    paramsDescription: '选择横轴、纵轴、气泡大小与分组',
    notice: '气泡面积与大小变量成正比（半径与其平方根成正比），大小变量不能为负。任一所选变量缺失的行不绘制。',
    fields: [
      { filed: 'x', name: '横轴变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'y', name: '纵轴变量（定量）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'size', name: '气泡大小变量（定量，≥ 0）', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组着色（可选）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'label', name: '名称（可选，标在气泡旁）', type: 'select_single', columns: 'any', value: '' },
      { filed: 'maxSize', name: '最大气泡直径（像素）', type: 'input_number', value: 40, props: { min: 10, max: 100, step: 5 } },
    ],
  }),
};
