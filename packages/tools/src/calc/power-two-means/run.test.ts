import { powerTTest } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const tool = { definition, run };
const design = { 'two.sample': 'two-sample', paired: 'paired', 'one.sample': 'one-sample' } as const;

describe('均数比较的样本量 against R power.t.test', () => {
  for (const k of fixture) {
    it(`${k.type} δ=${k.delta} σ=${k.sd} α=${k.sig} power=${k.power}`, () => {
      const out = runCalcTool(tool, [], { design: design[k.type as keyof typeof design], delta: k.delta, sd: k.sd, alpha: k.sig, power: k.power, sides: k.alt === 'two.sided' ? 'two' : 'one', dropout: 10 });
      // R solves with uniroot at tol = eps^0.25, so its n is good to about 1e-4.
      expect(out.results.n as number).toBeCloseTo(k.n, 3);
      expect(out.results.nRounded).toBe(Math.ceil(k.n));
      expect(out.results.nEnrolled).toBe(Math.ceil(Math.ceil(k.n) / 0.9));
      const p = powerTTest({ n: 30, delta: k.delta, sd: k.sd, sigLevel: k.sig, type: design[k.type as keyof typeof design], alternative: k.alt === 'two.sided' ? 'two-sided' : 'one-sided' }).power;
      expect(p).toBeCloseTo(k.powerAt30, 8);
    });
  }

  it('writes the protocol sentence with the dropout inflation', () => {
    const out = runCalcTool(tool, [], { delta: 5, sd: 10, alpha: 0.05, power: 0.9, sides: 'two', dropout: 10 });
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('按双侧检验水准 α=0.05、把握度 90%，采用两独立样本 t 检验计算，每组需 86 例；考虑 10% 的脱落率，每组需纳入 96 例，共 192 例。');
  });

  it('refuses a zero difference and a non-positive SD in Chinese', () => {
    expect(() => runCalcTool(tool, [], { delta: 0, sd: 10 })).toThrow('预期均数差值不能为 0');
    expect(() => runCalcTool(tool, [], { delta: 5, sd: 0 })).toThrow('标准差必须大于 0');
    expect(() => runCalcTool(tool, [], { delta: 'abc' })).toThrow('应为数字');
  });
});
