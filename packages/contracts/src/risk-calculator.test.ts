import { describe, expect, it } from 'vitest';
import type { RiskCalculatorModel } from './report.js';
import { calculatorDefaults, calculatorTable, riskPrediction } from './risk-calculator.js';

const logistic: RiskCalculatorModel = {
  kind: 'logistic',
  intercept: -3,
  inputs: [
    { type: 'numeric', name: '年龄', coef: 0.05, min: 20, max: 90, value: 60 },
    { type: 'categorical', name: '分期', levels: [{ label: 'I', coef: 0 }, { label: 'II', coef: 0.7 }, { label: 'III', coef: 1.4 }], value: 'I' },
  ],
  outcomeLabel: '结局发生概率',
};

const cox: RiskCalculatorModel = {
  kind: 'cox',
  intercept: 0,
  inputs: [{ type: 'numeric', name: '年龄', coef: 0.03, min: 20, max: 90, value: 60 }],
  centre: 1.8,
  baseline: [
    { time: 12, survival: 0.9 },
    { time: 36, survival: 0.7 },
  ],
  outcomeLabel: '个月生存概率',
};

describe('risk calculator', () => {
  it('computes the logistic risk from the linear predictor', () => {
    const r = riskPrediction(logistic, { 年龄: 70, 分期: 'III' });
    expect(r.lp).toBeCloseTo(-3 + 0.05 * 70 + 1.4, 12);
    expect(r.outputs).toEqual([{ label: '结局发生概率', value: 1 / (1 + Math.exp(-(-3 + 3.5 + 1.4))) }]);
  });

  it('falls back to the default for an empty or unknown value', () => {
    const d = riskPrediction(logistic, calculatorDefaults(logistic));
    expect(riskPrediction(logistic, { 年龄: '', 分期: '不存在' }).lp).toBe(d.lp);
    expect(d.lp).toBeCloseTo(-3 + 3, 12);
  });

  it('computes Cox survival as S0(t)^exp(lp − centre) at every time', () => {
    const r = riskPrediction(cox, { 年龄: 70 });
    const hr = Math.exp(0.03 * 70 - 1.8);
    expect(r.outputs.map((o) => o.label)).toEqual(['12 个月生存概率', '36 个月生存概率']);
    expect(r.outputs[0]!.value).toBeCloseTo(0.9 ** hr, 14);
    expect(r.outputs[1]!.value).toBeCloseTo(0.7 ** hr, 14);
  });

  it('is self-contained, so the report page can embed its source', () => {
    // The page script evaluates the function's text on its own: no imports or outer names.
    const fn = new Function(`return (${riskPrediction.toString()});`)() as typeof riskPrediction;
    expect(fn(logistic, { 年龄: 70, 分期: 'II' })).toEqual(riskPrediction(logistic, { 年龄: 70, 分期: 'II' }));
  });

  it('writes the model as a table with its formula', () => {
    const t = calculatorTable(logistic);
    expect(t.rows).toEqual([
      ['截距', '', -3],
      ['年龄', '每增加 1（范围 20–90）', 0.05],
      ['分期', 'I', 0],
      ['分期', 'II', 0.7],
      ['分期', 'III', 1.4],
    ]);
    expect(calculatorTable(cox).footnotes[0]).toContain('t = 36 时 0.7');
  });
});
