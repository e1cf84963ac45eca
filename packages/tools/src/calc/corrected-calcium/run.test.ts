import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);

describe('白蛋白校正血钙 against the Payne correction written in R', () => {
  for (const k of fixture) {
    it(`${k.unit}: Ca ${k.ca}, albumin ${k.alb}`, () => {
      const out = go({ unit: k.unit, ca: k.ca, alb: k.alb });
      // Closed forms: relative 1e-12.
      for (const key of ['correctedCa', 'correctedCaMmolL', 'correctedCaMgDl'] as const) {
        expect(Math.abs((out.results[key] as number) - k[key]) / k[key], key).toBeLessThan(1e-12);
      }
    });
  }

  it('writes the sentence with the caveat', () => {
    const all = go({ unit: 'si', ca: 2.1, alb: 30 }).sections.flatMap((s) => s.blocks).map((b) => (b.type === 'text' ? b.markdown : '')).join('\n');
    expect(all).toContain('实测血清总钙 2.1 mmol/L、白蛋白 30 g/L：白蛋白校正后的血钙为 2.3 mmol/L（9.2 mg/dL）。');
    expect(all).toContain('不能替代临床判断');
  });

  it('refuses implausible values in Chinese, in the chosen unit', () => {
    expect(() => go({ unit: 'si', ca: 9.2, alb: 30 })).toThrow('血清总钙应在 1–5 mmol/L');
    expect(() => go({ unit: 'us', ca: 2.1, alb: 3 })).toThrow('血清总钙应在 4–20 mg/dL');
    expect(() => go({ unit: 'si', ca: 2.1, alb: 3 })).toThrow('血清白蛋白应在 5–70 g/L');
    expect(() => go({ unit: 'us', ca: 8.5, alb: 30 })).toThrow('血清白蛋白应在 0.5–7 g/dL');
    expect(() => go({ ca: '', alb: 30 })).toThrow('“血清总钙”应为数字');
    expect(() => go({ ca: 2.1, alb: -1 })).toThrow('“血清白蛋白”不能小于 0');
  });
});
