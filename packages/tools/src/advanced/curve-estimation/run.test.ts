// 曲线估计 on the example (示例数据_糖化血红蛋白影响因素.csv: 糖化血红蛋白 on 病程年) against R:
// reference/curve-estimation.R fits every SPSS CURVEFIT model as lm() on the transformed variables.
// Tolerance 1e-9 relative (R², F, P, coefficients and SEs of the fitting scale).
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { closeTo, exampleSetup } from '../run-test-setup.js';
import { CURVE_MODELS, definition } from './definition.js';
import { run } from './run.js';

const { table, example } = exampleSetup(definition);
const close = closeTo(1e-9);

// R: summary(lm(...)) on the transformed variables (reference/curve-estimation.R), upper bound u = 15.
const R: Record<string, { r2: number; f: number; p: number; coef: number[]; se: number[] }> = {
  linear: { r2: 0.402930387694, f: 147.1165551, p: 3.2616873014e-26, coef: [6.08650338476, 0.109363850125], se: [0.0905327050466, 0.00901660444214] },
  logarithmic: { r2: 0.462516017632, f: 187.593482134, p: 3.21534769448e-31, coef: [5.27496446789, 0.912802396827], se: [0.134597398027, 0.0666450501845] },
  inverse: { r2: 0.313880418604, f: 99.7288710466, p: 1.40345173039e-19, coef: [7.56781805195, -2.831131186], se: [0.0787315759503, 0.283497701632] },
  quadratic: { r2: 0.454035318064, f: 90.2308036396, p: 3.03636244674e-29, coef: [5.63433989467, 0.21880867685, -0.00455748029603], se: [0.132644711389, 0.0257756659928, 0.00101122036436] },
  cubic: { r2: 0.460671004716, f: 61.4992196407, p: 8.80819120873e-29, coef: [5.41233865534, 0.304254601214, -0.0123072935683, 0.000182849974161], se: [0.18975288985, 0.0583660008061, 0.00485944442324, 0.000112163609705] },
  compound: { r2: 0.385705003049, f: 136.878358251, p: 7.39753743201e-25, coef: [1.8038316331, 0.0158219430343], se: [0.0135785970947, 0.00135236033011] },
  power: { r2: 0.468172371087, f: 191.907248417, p: 1.00884389844e-31, coef: [1.67936783025, 0.135796842951], se: [0.0197976092964, 0.00980266100556] },
  s: { r2: 0.337709429927, f: 111.160658253, p: 2.87373654967e-21, coef: [2.02310240283, -0.434233051174], se: [0.0114379112829, 0.0411857824644] },
  growth: { r2: 0.385705003049, f: 136.878358251, p: 7.39753743201e-25, coef: [1.8038316331, 0.0158219430343], se: [0.0135785970947, 0.00135236033011] },
  exponential: { r2: 0.385705003049, f: 136.878358251, p: 7.39753743201e-25, coef: [1.8038316331, 0.0158219430343], se: [0.0135785970947, 0.00135236033011] },
  logistic: { r2: 0.399312081687, f: 144.917237644, p: 6.32945550957e-26, coef: [-2.32343432553, -0.0297601455001], se: [0.0248220419908, 0.00247215118517] },
};

describe('curve-estimation', () => {
  it('every CURVEFIT model matches lm() on the transformed variables', () => {
    const out = run(table, { ...example, models: [...CURVE_MODELS], upper: '15' });
    const r = out.results;
    expect(r.n).toBe(220);
    for (const [m, want] of Object.entries(R)) {
      close(r[`r2.${m}`], want.r2, `${m} R²`);
      close(r[`f.${m}`], want.f, `${m} F`);
      close(r[`p.${m}`], want.p, `${m} P`, 1e-7);
      want.coef.forEach((c, k) => close(r[`fitCoef${k}.${m}`], c, `${m} coef ${k}`));
      want.se.forEach((c, k) => close(r[`fitSe${k}.${m}`], c, `${m} se ${k}`));
    }
    // SPSS's parameters: b0 = exp(ln b0) for power/exponential/compound/logistic, b1 = exp(.) for compound/logistic.
    close(r['b0.power'], Math.exp(R.power!.coef[0]!), 'power b0');
    close(r['b1.compound'], Math.exp(R.compound!.coef[1]!), 'compound b1');
    close(r['b1.logistic'], Math.exp(R.logistic!.coef[1]!), 'logistic b1');
    close(r['r2Original.power'], 0.46334096997, 'power R² on the original scale');
    expect(out.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'chart')).toHaveLength(1);
  });

  it('picks the best curve by the original-scale adjusted R² and draws one line per model', () => {
    const out = run(table, example);
    expect(out.results.bestModel).toBe('power');
    const chart = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart')!;
    const series = (chart as { option: { series: Array<{ type: string }> } }).option.series.filter((s) => s.type === 'line');
    expect(series).toHaveLength(7);
  });

  it('skips a model the data do not allow, as SPSS does', () => {
    const shifted: typeof table = { ...table, numeric: (n) => (n === '年龄' ? table.numeric(n).map((v) => (v === null ? null : v - 60)) : table.numeric(n)) };
    const out = run(shifted, { ...example, x: '年龄' });
    // 年龄 − 60 has negative values and zeros: logarithmic and power need x > 0, inverse x ≠ 0.
    expect(out.results.skipped).toBe(3);
    expect(out.results.models).toBe('linear,quadratic,cubic,exponential');
    expect(out.results['r2.logarithmic']).toBeUndefined();
    expect(JSON.stringify(out.sections[1])).toContain('对数模型未拟合');
    expect(JSON.stringify(out.sections[1])).toContain('倒数模型未拟合：自变量“年龄”含 0，无法取倒数');
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...example, models: [] })).toThrow(/请至少选择一种曲线/);
    expect(() => run(table, { ...example, x: '糖化血红蛋白' })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, models: ['logistic'], upper: '5' })).toThrow(/须大于因变量/);
    const flat: typeof table = { ...table, numeric: (n) => (n === '病程年' ? table.numeric(n).map((v) => (v === null ? null : 3)) : table.numeric(n)) };
    expect(() => run(flat, example)).toThrow(/“病程年”在分析的行中取值恒定/);
  });

  it('has an R script', () => {
    expect(rScript(definition.key, example, 'a.csv')).toContain('lm(');
  });
});
