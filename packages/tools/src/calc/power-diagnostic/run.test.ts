import { normalQuantile } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { halfWidth, run } from './run.js';

const tool = { definition, run };

describe('诊断试验的样本量 against Buderer in R', () => {
  for (const c of fixture) {
    it(`Se=${c.se} Sp=${c.sp} prev=${c.prev} d=${c.d} level=${c.level}`, () => {
      const out = runCalcTool(tool, [], { sensitivity: c.se, specificity: c.sp, prevalence: c.prev, precision: c.d, level: c.level, dropout: 10 });
      expect(out.results.nForSensitivity as number).toBeCloseTo(c.nSe, 8);
      expect(out.results.nForSpecificity as number).toBeCloseTo(c.nSp, 8);
      expect(out.results.n as number).toBeCloseTo(c.n, 8);
      expect(out.results.nRounded).toBe(Math.ceil(c.n));
      expect(out.results.nEnrolled).toBe(Math.ceil(Math.ceil(c.n) / 0.9));
      // The precision curve's sensitivity half-width at 300 subjects in all.
      expect(halfWidth(normalQuantile(1 - (1 - c.level) / 2), c.se, 300 * c.prev)).toBeCloseTo(c.hwSe300, 12);
    });
  }

  it('writes the protocol sentence with dropout', () => {
    const out = runCalcTool(tool, [], {});
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('按 Buderer 法计算，估计灵敏度需 980 例、估计特异度需 173 例，取较大者，共需 980 例（其中患者约 196 例、非患者约 784 例）；考虑 10% 的脱落（或无法判读）率，需纳入 1089 例。');
  });

  it('refuses impossible inputs in Chinese', () => {
    expect(() => runCalcTool(tool, [], { sensitivity: 1 })).toThrow('预期灵敏度和特异度必须在 0 到 1 之间');
    expect(() => runCalcTool(tool, [], { specificity: 0 })).toThrow('预期灵敏度和特异度必须在 0 到 1 之间');
    expect(() => runCalcTool(tool, [], { prevalence: 0 })).toThrow('患病率必须在 0 到 1 之间');
    expect(() => runCalcTool(tool, [], { precision: 0 })).toThrow('允许误差必须大于 0');
    expect(() => runCalcTool(tool, [], { precision: -0.1 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { sensitivity: 'abc' })).toThrow('应为数字');
  });
});
