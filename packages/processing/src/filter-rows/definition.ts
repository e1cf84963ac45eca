import { option, type FieldSpec } from '@labstat/tools';
import type { ProcessingDefinition } from '../method.js';

const OPERATORS = [
  option('等于 =', 'eq'),
  option('不等于 ≠', 'ne'),
  option('大于 >', 'gt'),
  option('大于等于 ≥', 'ge'),
  option('小于 <', 'lt'),
  option('小于等于 ≤', 'le'),
  option('包含', 'contains'),
  option('为空', 'empty'),
  option('不为空', 'notempty'),
];
const byMode = (forConditions: boolean) => ({ disabled: { conditions: !forConditions, expression: forConditions } });
const ORDINAL = ['一', '二', '三'];

const condition = (i: number): FieldSpec[] => [
  { filed: `var${i}`, name: `条件${ORDINAL[i - 1]}：变量`, type: 'select_single', columns: 'any', value: '' },
  { filed: `op${i}`, name: `条件${ORDINAL[i - 1]}：运算`, type: 'select_single', value: 'eq', option: OPERATORS },
  { filed: `value${i}`, name: `条件${ORDINAL[i - 1]}：取值`, type: 'input', value: '', tips: '“为空”“不为空”不用填写' },
];

export const definition: ProcessingDefinition = {
  id: 5007,
  key: 'filter-rows',
  version: 1,
  name: '筛选行',
  description: '按最多三个条件（且/或）或一个条件表达式保留符合条件的数据行，如“年龄 ≥ 18 且 性别 = 女”；生成新的数据文件，原文件不变。',
  fields: [
    {
      filed: 'mode',
      name: '筛选方式',
      type: 'select_single',
      value: 'conditions',
      option: [option('按条件', 'conditions'), option('按表达式', 'expression')],
      link_item: [
        ...[1, 2, 3].flatMap((i) => [`var${i}`, `op${i}`, `value${i}`].map((id) => ({ id, rule: byMode(true) }))),
        { id: 'combine', rule: byMode(true) },
        { id: 'expression', rule: byMode(false) },
      ],
    },
    ...condition(1),
    ...condition(2),
    ...condition(3),
    { filed: 'combine', name: '条件之间', type: 'select_single', value: 'and', option: [option('且（同时满足）', 'and'), option('或（满足其一）', 'or')] },
    { filed: 'expression', name: '条件表达式', type: 'input', value: '', disabled: true, tips: '如“年龄 >= 18 且 (血糖 > 7 或 isna(血糖))”，写法同“计算新变量”' },
  ],
};
