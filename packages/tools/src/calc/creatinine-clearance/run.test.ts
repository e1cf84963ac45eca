import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);

describe('肌酐清除率 against Cockcroft–Gault written in R', () => {
  for (const k of fixture) {
    it(`${k.sex}, ${k.age} y, ${k.weight} kg, Scr ${k.scr} ${k.unit}`, () => {
      const plain = go({ scr: k.scr, scrUnit: k.unit, age: k.age, weight: k.weight, sex: k.sex });
      // Closed forms: relative 1e-12.
      expect(Math.abs((plain.results.crcl as number) - k.crcl) / k.crcl).toBeLessThan(1e-12);
      expect(plain.results.crclNormalised).toBeUndefined();
      const norm = go({ scr: k.scr, scrUnit: k.unit, age: k.age, weight: k.weight, sex: k.sex, normalise: true, height: k.height });
      expect(Math.abs((norm.results.bsa as number) - k.bsa) / k.bsa).toBeLessThan(1e-12);
      expect(Math.abs((norm.results.crclNormalised as number) - k.crclNormalised) / k.crclNormalised).toBeLessThan(1e-12);
    });
  }

  it('ignores the height unless normalising and writes the sentence with the caveat', () => {
    const out = go({ scr: 80, age: 60, weight: 70, sex: 'male', height: 5 });
    const all = out.sections.flatMap((s) => s.blocks).map((b) => (b.type === 'text' ? b.markdown : '')).join('\n');
    expect(all).toContain('男性，60 岁，体重 70 kg，血肌酐 80 μmol/L：按 Cockcroft-Gault 公式估算肌酐清除率为 85.9 mL/min。');
    expect(all).toContain('不能替代临床判断');
  });

  it('refuses implausible values in Chinese', () => {
    expect(() => go({ age: 12 })).toThrow('年龄应在 18–120 岁');
    expect(() => go({ weight: 5 })).toThrow('体重应在 20–300 kg');
    expect(() => go({ scr: 5000 })).toThrow('血肌酐应在 9–2210 μmol/L');
    expect(() => go({ scr: 0.05, scrUnit: 'mgdl' })).toThrow('血肌酐应在 0.1–25 mg/dL');
    expect(() => go({ normalise: true, height: 30 })).toThrow('身高应在 100–250 cm');
    expect(() => go({ weight: '七十' })).toThrow('“体重（kg）”应为数字');
    expect(() => go({ age: -1 })).toThrow('“年龄（岁）”不能小于 0');
  });
});
