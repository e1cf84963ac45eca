import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { CLINICAL_CAVEAT } from '../formula-common.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);

describe('体重指数与体表面积 against the formulas written in R', () => {
  for (const k of fixture) {
    it(`${k.height} cm, ${k.weight} kg`, () => {
      const out = go({ height: k.height, weight: k.weight });
      // Closed forms: relative 1e-12.
      for (const key of ['bmi', 'bsaDuBois', 'bsaMosteller', 'bsaStevenson'] as const) {
        expect(Math.abs((out.results[key] as number) - k[key]) / k[key], key).toBeLessThan(1e-12);
      }
      expect(out.results.category).toBe(k.category);
    });
  }

  it('classifies BMI as reported to one decimal: 24.0 is 超重, 18.49 is 正常', () => {
    expect(go({ height: 170, weight: 69.36 }).results.category).toBe('超重');
    expect(go({ height: 150, weight: 41.6 }).results.category).toBe('正常');
  });

  it('carries the clinical caveat and the sentence', () => {
    const blocks = go({ height: 170, weight: 65 }).sections.flatMap((s) => s.blocks);
    const texts = blocks.filter((b) => b.type === 'text').map((b) => (b.type === 'text' ? b.markdown : ''));
    expect(texts.join('\n')).toContain('BMI=22.5 kg/m²，按中国成人标准属于“正常”');
    expect(texts.join('\n')).toContain('不能替代临床判断');
    expect(CLINICAL_CAVEAT).toContain('不能替代临床判断');
  });

  it('refuses implausible or missing values in Chinese', () => {
    expect(() => go({ height: 17, weight: 65 })).toThrow('身高应在 100–250 cm');
    expect(() => go({ height: 170, weight: 0 })).toThrow('体重应在 20–300 kg');
    expect(() => go({ height: 170, weight: 500 })).toThrow('体重应在 20–300 kg');
    expect(() => go({ height: -170, weight: 65 })).toThrow('“身高（cm）”不能小于 0');
    expect(() => go({ height: '一米七', weight: 65 })).toThrow('“身高（cm）”应为数字');
    expect(() => go({ height: 170, weight: '' })).toThrow('“体重（kg）”应为数字');
  });
});
