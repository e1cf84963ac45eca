import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5024,
  key: 'reshape-long',
  version: 1,
  name: '宽转长',
  description: '把一行中的多个测量变量（如各次随访的血压）转成多行，每行一个测量值，便于重复测量分析和作图；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'measures', name: '测量变量', type: 'select_multi', columns: 'any', required: true, value: [], tips: '要转成多行的变量，如 血压_基线、血压_3月、血压_6月' },
    { filed: 'ids', name: '标识变量', type: 'select_multi', columns: 'any', value: [], tips: '每一行都保留的变量，如编号、性别；不选则保留测量变量以外的全部变量' },
    { filed: 'keyName', name: '新的名称变量', type: 'input', value: '测量项目', tips: '存放原变量名的新变量' },
    { filed: 'valueName', name: '新的取值变量', type: 'input', value: '测量值', tips: '存放测量值的新变量' },
    { filed: 'dropMissing', name: '去掉缺失的测量值', type: 'switch', value: false, tips: '打开后测量值缺失的行不输出' },
  ],
};
