import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5028,
  key: 'value-labels',
  version: 1,
  name: '值标签',
  description: '把变量的代码换成文字标签（如 1=男、2=女），生成一个带标签的新变量，没有标签的代码保留原样；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'var', name: '变量', type: 'select_single', columns: 'any', required: true, value: '' },
    { filed: 'labels', name: '值标签', type: 'input', required: true, value: '', tips: '每行一个“代码=标签”，如 1=男（换行、分号或逗号分隔）' },
    { filed: 'name', name: '新变量名', type: 'input', value: '', tips: '不填则为“变量名_标签”' },
  ],
};
