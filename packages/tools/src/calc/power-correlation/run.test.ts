import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { correlationPower, run } from './run.js';

const tool = { definition, run };

describe('相关分析的样本量 against R pwr.r.test', () => {
  for (const c of fixture) {
    it(`r=${c.r} α=${c.sig} power=${c.power} ${c.alt}`, () => {
      const out = runCalcTool(tool, [], { r: c.r, alpha: c.sig, power: c.power, sides: c.alt === 'two.sided' ? 'two' : 'one', dropout: 10 });
      // pwr solves with uniroot (default tol ≈ 1.2e-4 on n).
      expect(out.results.n as number).toBeCloseTo(c.n, 3);
      expect(out.results.nRounded).toBe(Math.ceil(c.n));
      expect(out.results.nEnrolled).toBe(Math.ceil(Math.ceil(c.n) / 0.9));
      expect(correlationPower(50, c.r, c.sig, c.alt === 'two.sided')).toBeCloseTo(c.powerAt50, 10);
    });
  }

  it('treats a negative r by its size and writes the protocol sentence', () => {
    const neg = runCalcTool(tool, [], { r: -0.3 });
    const pos = runCalcTool(tool, [], { r: 0.3 });
    expect(neg.results.n).toBe(pos.results.n);
    const text = pos.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('预期两变量的 Pearson 相关系数 r=0.3，按双侧检验水准 α=0.05、把握度 90%，采用相关系数的检验（Fisher z 变换）计算，共需 112 例；考虑 10% 的脱落率，共需纳入 125 例。');
  });

  it('refuses r = 0, |r| ≥ 1 and text in Chinese', () => {
    expect(() => runCalcTool(tool, [], { r: 0 })).toThrow('预期相关系数不能为 0');
    expect(() => runCalcTool(tool, [], { r: 1 })).toThrow('不能大于 0.99');
    expect(() => runCalcTool(tool, [], { r: 'abc' })).toThrow('应为数字');
    expect(() => runCalcTool(tool, [], { r: 0.3, dropout: -5 })).toThrow('不能小于 0');
  });
});
