import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);

describe('由统计量计算 P 值 against R pnorm/pt/pchisq/pf', () => {
  for (const k of fixture) {
    it(`${k.dist} = ${k.x} df ${k.df1}, ${k.df2} ${k.tail}`, () => {
      const out = go({ dist: k.dist, statistic: k.x, df1: k.df1, df2: k.df2, tail: k.tail });
      // Relative tolerance 1e-8: both sides evaluate the same incomplete beta/gamma functions.
      expect(Math.abs((out.results.p as number) - k.p) / k.p).toBeLessThan(1e-8);
      expect(out.results.statistic).toBe(k.x);
    });
  }

  it('writes the sentence and the R call', () => {
    const out = go({ dist: 't', statistic: 2.1, df1: 20, tail: 'two' });
    const blocks = out.sections.flatMap((s) => s.blocks);
    const t = blocks.find((b) => b.type === 'text');
    expect(t && t.type === 'text' && t.markdown).toContain('t=2.1（自由度 20），双侧P=0.049，按 α=0.05 的检验水准，差异有统计学意义。');
    const code = blocks.find((b) => b.type === 'code');
    expect(code && code.type === 'code' && code.code).toBe('2 * pt(-abs(2.1), df = 20)');
    expect(blocks.some((b) => b.type === 'chart')).toBe(true);
    expect(out.results).toEqual({ statistic: 2.1, df: 20, p: expect.any(Number) });
  });

  it('takes the right tail for χ² and F whatever the direction says', () => {
    const a = go({ dist: 'chisq', statistic: 3.84, df1: 1, tail: 'lower' });
    const b = go({ dist: 'chisq', statistic: 3.84, df1: 1, tail: 'two' });
    expect(a.results.p).toBe(b.results.p);
    expect(a.results.p as number).toBeCloseTo(0.05004, 5);
  });

  it('refuses impossible input in Chinese', () => {
    expect(() => go({ dist: 't', statistic: 2, df1: 0 })).toThrow('自由度必须大于 0');
    expect(() => go({ dist: 'f', statistic: 2, df1: 2, df2: 0 })).toThrow('分母自由度必须大于 0');
    expect(() => go({ dist: 'chisq', statistic: -1, df1: 2 })).toThrow('χ² 统计量不能为负数');
    expect(() => go({ dist: 'z', statistic: 'abc' })).toThrow('“统计量的值”应为数字');
    expect(() => go({ dist: 'z', statistic: '' })).toThrow('“统计量的值”应为数字');
    expect(() => go({ dist: 't', statistic: 1, df1: -3 })).toThrow('不能小于 0');
  });
});
