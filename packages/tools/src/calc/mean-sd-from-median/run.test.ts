import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const rowOf = (k: (typeof fixture)[number], i: number) => ({ group: `S${i}`, n: k.n, min: k.min, q1: k.q1, median: k.median, q3: k.q3, max: k.max });

describe('由中位数估计均数和标准差 against the Wan 2014 / Luo 2018 formulas in R', () => {
  const rows = fixture.map(rowOf);
  for (const method of ['wan', 'luo'] as const) {
    it(`all fixture rows at once, mean by ${method}`, () => {
      const out = runCalcTool(tool, rows, { meanMethod: method });
      expect(out.results.rows).toBe(fixture.length);
      fixture.forEach((k, i) => {
        // Closed forms plus one normal quantile: relative 1e-9.
        const mean = method === 'wan' ? k.meanWan : k.meanLuo;
        expect(Math.abs((out.results[`mean.${i + 1}`] as number) - mean)).toBeLessThan(1e-9 * Math.max(1, Math.abs(mean)));
        expect(Math.abs((out.results[`sd.${i + 1}`] as number) - k.sd)).toBeLessThan(1e-9 * k.sd);
        expect(out.results[`scenario.${i + 1}`]).toBe(k.scenario);
      });
    });
  }

  it('reads cells typed as text, like the page sends them, and escapes the group name', () => {
    const out = runCalcTool(tool, [{ group: '*张*', n: '40', min: '12', q1: '', median: '25', q3: '', max: ' 61 ' }], { meanMethod: 'wan' });
    expect(out.results['mean.1']).toBe(30.75);
    const text = out.sections[0]!.blocks.find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('\\*张\\*：均数 ± 标准差 = 30.75 ± 11.36（n=40，中位数 + 极差）');
  });

  it('refuses bad rows with the row and column in Chinese', () => {
    const go = (row: Record<string, unknown>) => runCalcTool(tool, [{ group: 'A', n: 40, min: 12, median: 25, max: 61, ...row }], {});
    expect(() => runCalcTool(tool, [], {})).toThrow('表格中没有数据');
    expect(() => go({ n: '' })).toThrow('第 1 行“样本量 n”未填写');
    expect(() => go({ n: 'abc' })).toThrow('第 1 行“样本量 n”不是数字：abc');
    expect(() => go({ n: 2 })).toThrow('第 1 行“样本量 n”不能小于 3');
    expect(() => go({ n: 40.5 })).toThrow('第 1 行“样本量 n”应为整数');
    expect(() => go({ median: '' })).toThrow('第 1 行“中位数”未填写');
    expect(() => go({ max: '' })).toThrow('第 1 行的最小值和最大值应同时填写');
    expect(() => go({ min: '', max: '' })).toThrow('第 1 行除中位数外，还需要填写最小值和最大值，或 Q1 和 Q3');
    expect(() => go({ q1: 20 })).toThrow('第 1 行的 Q1 和 Q3 应同时填写');
    expect(() => go({ median: 70 })).toThrow('第 1 行的数值应满足 最小值 ≤ Q1 ≤ 中位数 ≤ Q3 ≤ 最大值');
    expect(() => go({ min: 5, median: 5, max: 5 })).toThrow('第 1 行的数值全部相同');
  });
});
