import type { CalcToolDefinition } from '../calc-tool.js';
import { creatinineUnitField, sexField } from '../formula-common.js';

export const definition: CalcToolDefinition = {
  id: 4206,
  key: 'creatinine-clearance',
  version: 1,
  name: '肌酐清除率（Cockcroft-Gault）',
  categories: ['临床计算公式', '肾功能'],
  description: '由年龄、体重、血肌酐和性别按 Cockcroft-Gault 公式估算肌酐清除率（mL/min），常用于按肾功能调整药物剂量；可选按体表面积标准化到 1.73 m²。',
  fields: [
    { filed: 'scr', name: '血肌酐', type: 'input_number', value: 80, props: { min: 0, step: 0.1 } },
    creatinineUnitField(),
    { filed: 'age', name: '年龄（岁）', type: 'input_number', value: 60, props: { min: 0, step: 1 }, tips: '成人公式，18–120 岁' },
    { filed: 'weight', name: '体重（kg）', type: 'input_number', value: 70, props: { min: 0, step: 0.1 }, tips: '实际体重，20–300 kg' },
    sexField(),
    {
      filed: 'normalise',
      name: '按体表面积标准化到 1.73 m²',
      type: 'switch',
      value: false,
      link_item: [{ id: 'height', rule: { disabled: { true: false, false: true } } }],
    },
    { filed: 'height', name: '身高（cm）', type: 'input_number', value: 170, props: { min: 0, step: 0.1 }, tips: '标准化时用于计算体表面积（Du Bois 公式），100–250 cm' },
  ],
};
