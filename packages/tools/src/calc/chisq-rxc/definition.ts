import type { CalcToolDefinition } from '../calc-tool.js';

/** Count columns of the typed table (类别1…类别6); blank columns are ignored. */
export const COUNT_KEYS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const;

export const definition: CalcToolDefinition = {
  id: 4103,
  key: 'chisq-rxc',
  version: 1,
  name: 'R×C 列联表 χ² 检验与 Fisher 确切概率法',
  categories: ['四格表与列联表', '列联表检验'],
  description: '输入四格表或 R×C 列联表的频数（最多 6 列），进行 Pearson χ² 检验（四格表另给连续性校正）、似然比检验和 Fisher 确切概率法，给出理论频数、Cramér V 和方法选择建议。',
  table: {
    columns: [{ label: '分组', value: 'group' }, ...COUNT_KEYS.map((k, i) => ({ label: `类别${i + 1}`, value: k }))],
    example: [
      { group: 'A药', c1: 45, c2: 20, c3: 10 },
      { group: 'B药', c1: 30, c2: 25, c3: 20 },
      { group: 'C药', c1: 20, c2: 18, c3: 32 },
    ],
  },
  fields: [
    { filed: 'categories', name: '各列（类别）名称', type: 'input', value: '治愈,好转,无效', tips: '用逗号分隔，依次对应表格中填写了数据的列；留空则称为类别1、类别2…' },
  ],
};
