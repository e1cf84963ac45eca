import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { allocationModel, run } from './run.js';

const tool = { definition, run };
const form = (k: (typeof fixture)[number], correction = false) => ({ p1: k.p1, p2: k.p2, ratio: k.k, correction, alpha: k.sig, power: k.power, sides: k.alt === 'two.sided' ? 'two' : 'one', dropout: 10 });
describe('两样本率比较的样本量 against R', () => {
  for (const k of fixture) {
    it(`p1=${k.p1} p2=${k.p2} k=${k.k} α=${k.sig} ${k.alt}`, () => {
      const out = runCalcTool(tool, [], form(k));
      // The closed form is exact; R's uniroot in power.prop.test is good to about 1e-4.
      expect(out.results.n as number).toBeCloseTo(k.n1, 6);
      expect(out.results.n2 as number).toBeCloseTo(k.n2, 6);
      if (k.nR !== undefined) expect(out.results.n as number).toBeCloseTo(k.nR, 3);
      expect(out.results.nRounded).toBe(Math.ceil(k.n1));
      expect(out.results.n2Rounded).toBe(Math.ceil(k.n2));
      expect(out.results.totalEnrolled).toBe(Math.ceil(Math.ceil(k.n1) / 0.9) + Math.ceil(Math.ceil(k.n2) / 0.9));
      const cc = runCalcTool(tool, [], form(k, true));
      expect(cc.results.n as number).toBeCloseTo(k.n1cc, 6);
      // The curve inverts the correction, so it reaches the target power at the corrected n.
      const m = allocationModel(k.p1, k.p2, k.k, k.sig, k.alt === 'two.sided');
      expect(m.power(m.uncorrected(k.n1cc))).toBeCloseTo(k.power, 10);
    });
  }

  it('the power curve gives R\'s power at n₁ = 60', () => {
    for (const k of fixture) {
      const m = allocationModel(k.p1, k.p2, k.k, k.sig, k.alt === 'two.sided');
      expect(m.power(60)).toBeCloseTo(k.powerAt60, 10);
      if (k.powerAt60R !== undefined) expect(m.power(60)).toBeCloseTo(k.powerAt60R, 10);
    }
  });

  it('writes the protocol sentence with dropout, equal and unequal groups', () => {
    const text = (f: Record<string, unknown>) => {
      const b = runCalcTool(tool, [], f).sections.flatMap((s) => s.blocks).find((x) => x.type === 'text');
      return b && b.type === 'text' ? b.markdown : '';
    };
    expect(text({ p1: 0.3, p2: 0.5 })).toContain('按双侧检验水准 α=0.05、把握度 90%，采用两样本率比较的正态近似法计算，每组需 124 例；考虑 10% 的脱落率，每组需纳入 138 例，共 276 例。');
    expect(text({ p1: 0.2, p2: 0.35, ratio: 2, power: 0.8 })).toContain('对照组需 106 例、试验组需 211 例；考虑 10% 的脱落率，对照组需纳入 118 例、试验组需纳入 235 例，共 353 例。');
  });

  it('refuses impossible rates and bad numbers in Chinese', () => {
    expect(() => runCalcTool(tool, [], { p1: 0.3, p2: 0.3 })).toThrow('两组预期率不能相等');
    expect(() => runCalcTool(tool, [], { p1: 0, p2: 0.3 })).toThrow('预期率必须在 0 到 1 之间');
    expect(() => runCalcTool(tool, [], { p1: -0.1 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { p2: 'abc' })).toThrow('应为数字');
    expect(() => runCalcTool(tool, [], { ratio: 0 })).toThrow('不能小于 0.1');
  });
});
