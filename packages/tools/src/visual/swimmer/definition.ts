import { dataThenParams } from '../../common.js';
import type { ToolDefinition } from '../../tool.js';

export const definition: ToolDefinition = {
  id: 2042,
  key: 'swimmer',
  version: 1,
  name: '泳道图',
  subname: 'Swimmer Plot',
  description: '每位患者一条横道，长度为治疗（或随访）时长，按组着色，在道上标出缓解、进展、死亡时间，仍在治疗者以箭头表示，直观展示个体疗效的出现与持续。',
  family: 'visual',
  categories: ['statplot', 'clinical-plot'],
  difficulty: 2,
  methods: ['泳道图', '个体治疗时长', '事件标记'],
  vip: false,
  runningTime: 3,
  example: 'io-trial',
  exampleParams: { id: '患者编号', duration: '治疗时长(月)', group: '组别', response: '缓解时间(月)', progression: '进展时间(月)', death: '死亡时间(月)', ongoing: '仍在治疗' },
  ...dataThenParams({
    tips: '每行一位患者：编号、治疗时长；可另有分组、缓解时间、进展时间、死亡时间（均从治疗开始算起，与时长同一单位，未发生留空）与是否仍在治疗。',
    paramsDescription: '选择患者编号、时长与事件时间列',
    notice: '事件时间与治疗时长须使用同一时间单位（如月）。“仍在治疗”列取值为“是”“Y”“Yes”“1”者在道末画箭头。',
    fields: [
      { filed: 'id', name: '患者编号', type: 'select_single', columns: 'any', required: true, value: '' },
      { filed: 'duration', name: '治疗时长', type: 'select_single', columns: 'numeric', required: true, value: '' },
      { filed: 'group', name: '分组着色（可选）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'response', name: '缓解时间（可选）', type: 'select_single', columns: 'numeric', value: '' },
      { filed: 'progression', name: '进展时间（可选）', type: 'select_single', columns: 'numeric', value: '' },
      { filed: 'death', name: '死亡时间（可选）', type: 'select_single', columns: 'numeric', value: '' },
      { filed: 'ongoing', name: '是否仍在治疗（可选）', type: 'select_single', columns: 'categorical', value: '' },
      { filed: 'unit', name: '时间单位', type: 'input', value: '月' },
    ],
  }),
};
