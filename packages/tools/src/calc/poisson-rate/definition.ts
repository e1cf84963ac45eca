import { option } from '../../tool.js';
import type { CalcToolDefinition } from '../calc-tool.js';

const onlyForTwo = (id: string) => ({ id, rule: { disabled: { one: true, two: false } } });

export const definition: CalcToolDefinition = {
  id: 4106,
  key: 'poisson-rate',
  version: 1,
  name: '发生率（人时率）的置信区间与比较',
  categories: ['置信区间', '发生率'],
  description: '由事件数和观察人时计算发生率的 Poisson 精确置信区间；两组时给出率比（IRR）的精确置信区间和检验、率差及其置信区间（与 R 的 poisson.test 一致）。',
  fields: [
    { filed: 'compare', name: '计算内容', type: 'select_single', value: 'two', option: [option('单个发生率', 'one'), option('两个发生率比较', 'two')], link_item: ['x2', 't2'].map(onlyForTwo) },
    { filed: 'x1', name: '第 1 组事件数', type: 'input_number', value: 18, props: { min: 0, step: 1 } },
    { filed: 't1', name: '第 1 组观察人时', type: 'input_number', value: 2450, props: { min: 0, step: 1 }, tips: '如人年、人月，两组单位须相同' },
    { filed: 'x2', name: '第 2 组事件数', type: 'input_number', value: 9, props: { min: 0, step: 1 } },
    { filed: 't2', name: '第 2 组观察人时', type: 'input_number', value: 2980, props: { min: 0, step: 1 } },
    { filed: 'per', name: '率的表示单位', type: 'select_single', value: 1000, option: [option('每 1 人时', 1), option('每 100 人时', 100), option('每 1000 人时', 1000), option('每 1 万人时', 10000), option('每 10 万人时', 100000)] },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.5, max: 0.999, step: 0.01 } },
  ],
};
