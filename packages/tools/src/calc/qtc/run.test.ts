import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { judge, run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);

describe('QTc against Bazett, Fridericia, Framingham and Hodges written in R', () => {
  for (const k of fixture) {
    it(`QT ${k.qt} ms, ${k.input === 'hr' ? `HR ${k.hr}` : `RR ${k.rr} ms`}`, () => {
      const out = go({ qt: k.qt, rateInput: k.input, hr: k.hr ?? 75, rr: k.rr ?? 800 });
      // Closed forms: relative 1e-12.
      for (const key of ['rrSeconds', 'heartRate', 'bazett', 'fridericia', 'framingham', 'hodges'] as const) {
        expect(Math.abs((out.results[key] as number) - k[key]) / k[key], key).toBeLessThan(1e-12);
      }
    });
  }

  it('judges by sex with the AHA/ACCF/HRS 2009 limits', () => {
    expect(judge(455, false)).toBe('延长');
    expect(judge(455, true)).toBe('正常');
    expect(judge(460, true)).toBe('延长');
    expect(judge(505, true)).toBe('明显延长（≥500 ms）');
    expect(judge(385, false)).toBe('缩短（≤390 ms）');
    const out = go({ qt: 360, hr: 110, sex: 'male' });
    const t = out.sections[0]!.blocks[0]!;
    expect(t.type === 'table' && t.rows[0]).toEqual(['Bazett', 'QT/√RR', 487, '延长']);
  });

  it('writes the sentence with the caveat', () => {
    const all = go({ qt: 400, hr: 75 }).sections.flatMap((s) => s.blocks).map((b) => (b.type === 'text' ? b.markdown : '')).join('\n');
    expect(all).toContain('QT 间期 400 ms、心率 75 次/分（RR 800 ms）：QTc（Bazett）= 447 ms，QTc（Fridericia）= 431 ms');
    expect(all).toContain('不能替代临床判断');
  });

  it('refuses implausible values in Chinese', () => {
    expect(() => go({ qt: 100 })).toThrow('QT 间期应在 200–800 ms');
    expect(() => go({ hr: 300 })).toThrow('心率应在 20–250 次/分');
    expect(() => go({ rateInput: 'rr', rr: 0.8 })).toThrow('RR 间期应在 240–3000 ms');
    expect(() => go({ qt: 'abc' })).toThrow('“QT 间期（ms）”应为数字');
    expect(() => go({ hr: -5 })).toThrow('“心率（次/分）”不能小于 0');
  });
});
