import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { gfrStage, run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);

describe('eGFR against CKD-EPI 2021 and MDRD written in R', () => {
  for (const k of fixture) {
    it(`${k.sex}, ${k.age} y, Scr ${k.scr} ${k.unit}`, () => {
      const out = go({ scr: k.scr, scrUnit: k.unit, age: k.age, sex: k.sex });
      // Closed forms: relative 1e-12.
      for (const key of ['scrMgDl', 'egfrCkdEpi2021', 'egfrMdrd'] as const) {
        expect(Math.abs((out.results[key] as number) - k[key]) / k[key], key).toBeLessThan(1e-12);
      }
      expect(out.results.stage).toBe(k.stage);
      expect(out.results.stageMdrd).toBe(k.stageMdrd);
    });
  }

  it('stages the eGFR as reported: 59.6 is G2, 59.4 is G3a', () => {
    expect(gfrStage(59.6).stage).toBe('G2');
    expect(gfrStage(59.4).stage).toBe('G3a');
    expect(gfrStage(14.4).stage).toBe('G5');
    expect(gfrStage(90).stage).toBe('G1');
  });

  it('writes the sentence with the caveat', () => {
    const texts = go({ scr: 1.0, scrUnit: 'mgdl', age: 50, sex: 'male' }).sections.flatMap((s) => s.blocks).filter((b) => b.type === 'text');
    const all = texts.map((b) => (b.type === 'text' ? b.markdown : '')).join('\n');
    expect(all).toContain('男性，50 岁，血肌酐 1 mg/dL：按 CKD-EPI 2021 公式估算 eGFR 为 91.7 mL/min/1.73 m²，GFR 分期 G1（正常或升高）');
    expect(all).toContain('不能替代临床判断');
  });

  it('refuses implausible values in Chinese', () => {
    expect(() => go({ scr: 80, age: 16 })).toThrow('年龄应在 18–120 岁');
    expect(() => go({ scr: 80, age: 130 })).toThrow('年龄应在 18–120 岁');
    expect(() => go({ scr: 0, scrUnit: 'umol' })).toThrow('血肌酐应在 9–2210 μmol/L');
    // 80 typed with mg/dL chosen is a unit mix-up the range catches.
    expect(() => go({ scr: 80, scrUnit: 'mgdl' })).toThrow('血肌酐应在 0.1–25 mg/dL');
    expect(() => go({ scr: -1 })).toThrow('“血肌酐”不能小于 0');
    expect(() => go({ scr: 'abc' })).toThrow('“血肌酐”应为数字');
    expect(() => go({ scr: 80, sex: 'x' })).toThrow('不是可选项');
  });
});
