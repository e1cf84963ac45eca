import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5025,
  key: 'reshape-wide',
  version: 1,
  name: '长转宽',
  description: '把同一对象的多行测量（如每次随访一行）转成一行，每个测量项目成为一个新变量；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'ids', name: '标识变量', type: 'select_multi', columns: 'any', required: true, value: [], tips: '确定同一对象的变量，如编号；结果中每个组合一行' },
    { filed: 'key', name: '名称变量', type: 'select_single', columns: 'any', required: true, value: '', tips: '其取值成为新变量名的一部分，如随访时间' },
    { filed: 'value', name: '取值变量', type: 'select_single', columns: 'any', required: true, value: '', tips: '填入新变量的测量值' },
    { filed: 'prefix', name: '新变量名前缀', type: 'input', value: '', tips: '新变量名为“前缀_名称取值”，不填则用取值变量名' },
  ],
};
