import type { CalcToolDefinition } from '../calc-tool.js';
import { creatinineUnitField, sexField } from '../formula-common.js';

export const definition: CalcToolDefinition = {
  id: 4205,
  key: 'egfr',
  version: 1,
  name: '估算肾小球滤过率（eGFR）',
  categories: ['临床计算公式', '肾功能'],
  description: '由血肌酐、年龄和性别按 CKD-EPI 2021（不含种族）与 MDRD 公式估算肾小球滤过率，并给出 KDIGO 的 GFR 分期（G1–G5）。肌酐可用 μmol/L 或 mg/dL。',
  fields: [
    { filed: 'scr', name: '血肌酐', type: 'input_number', value: 80, props: { min: 0, step: 0.1 } },
    creatinineUnitField(),
    { filed: 'age', name: '年龄（岁）', type: 'input_number', value: 60, props: { min: 0, step: 1 }, tips: '成人公式，18–120 岁' },
    sexField(),
  ],
};
