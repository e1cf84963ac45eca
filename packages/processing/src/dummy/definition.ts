import type { ProcessingDefinition } from '../method.js';

export const definition: ProcessingDefinition = {
  id: 5029,
  key: 'dummy',
  version: 1,
  name: '哑变量',
  description: '为分类变量的每个取值（参照水平除外）生成一个 0/1 哑变量，如 性别_女，用于回归分析；生成新的数据文件，原文件不变。',
  fields: [
    { filed: 'var', name: '分类变量', type: 'select_single', columns: 'categorical', required: true, value: '' },
    { filed: 'ref', name: '参照水平', type: 'input', value: '', tips: '不生成哑变量的取值；不填则为数据中第一次出现的取值' },
    { filed: 'prefix', name: '新变量名前缀', type: 'input', value: '', tips: '新变量名为“前缀_取值”，不填则用变量名' },
  ],
};
