import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const rowsOf = (tp: number | string, fp: number | string, fn: number | string, tn: number | string) => [
  { result: '检测阳性', diseased: tp, healthy: fp },
  { result: '检测阴性', diseased: fn, healthy: tn },
];
const REL = 1e-9;
const close = (actual: unknown, expected: number, label: string) =>
  expect(Math.abs((actual as number) - expected), label).toBeLessThanOrEqual(REL * Math.max(1, Math.abs(expected)));

describe('诊断试验评价 against R (binom.test, prop.test, Simel log-method LR CIs)', () => {
  for (const k of fixture) {
    it(`TP=${k.tp} FP=${k.fp} FN=${k.fn} TN=${k.tn} ${k.method} ${k.level}`, () => {
      const out = runCalcTool(tool, rowsOf(k.tp, k.fp, k.fn, k.tn), { method: k.method, level: k.level });
      for (const name of ['sensitivity', 'specificity', 'ppv', 'npv', 'accuracy', 'prevalence', 'lrPositive', 'lrNegative'] as const) {
        const e = k[name];
        if (e === null) {
          expect(out.results[name], name).toBeNull();
          continue;
        }
        close(out.results[name], e.estimate, name);
        close(out.results[`${name}Lower`], e.lower, `${name} lower`);
        close(out.results[`${name}Upper`], e.upper, `${name} upper`);
      }
      close(out.results.youden, k.youden, 'youden');
    });
  }

  it('writes a paragraph with the CI method', () => {
    const out = runCalcTool(tool, rowsOf(90, 15, 10, 185), {});
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('灵敏度为 90.0%（95% CI：82.4%～95.1%）');
    expect(t?.type === 'text' && t.markdown).toContain('Clopper–Pearson 精确法');
  });

  it('refuses bad cells with the row and column in Chinese', () => {
    expect(() => runCalcTool(tool, rowsOf(90, '', 10, 185), {})).toThrow('第 1 行“金标准阴性”未填写');
    expect(() => runCalcTool(tool, rowsOf(90, 15, 'abc', 185), {})).toThrow('第 2 行“金标准阳性”不是数字：abc');
    expect(() => runCalcTool(tool, rowsOf(90, 15, 10, -1), {})).toThrow('第 2 行“金标准阴性”不能小于 0');
    expect(() => runCalcTool(tool, rowsOf(90, 15.5, 10, 185), {})).toThrow('应为整数');
    expect(() => runCalcTool(tool, rowsOf(0, 15, 0, 185), {})).toThrow('金标准阳性和阴性的例数都必须大于0');
    expect(() => runCalcTool(tool, [...rowsOf(1, 2, 3, 4), { result: 'x', diseased: 1, healthy: 1 }], {})).toThrow('四格表只能有 2 行');
    expect(() => runCalcTool(tool, rowsOf(90, 15, 10, 185).slice(0, 1), {})).toThrow('至少需要填写 2 行');
  });
});
