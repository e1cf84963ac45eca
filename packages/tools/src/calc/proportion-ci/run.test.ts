import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const close = (actual: unknown, expected: number, label: string, rel = 1e-9) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('率的置信区间 against R (binom.test, prop.test, formulas)', () => {
  for (const k of fixture) {
    it(`x=${k.x} n=${k.n} level=${k.level}`, () => {
      const out = runCalcTool(tool, [], { x: k.x, n: k.n, level: k.level, p0: k.p0 });
      close(out.results.estimate, k.estimate, 'estimate');
      for (const m of ['clopperPearson', 'wilson', 'wilsonCc', 'agrestiCoull', 'wald'] as const) {
        close(out.results[`${m}Lower`], k[m][0]!, `${m} lower`);
        close(out.results[`${m}Upper`], k[m][1]!, `${m} upper`);
      }
      close(out.results.ciLower, k.wilson[0]!, 'headline = Wilson');
      close(out.results.p, k.binomP, 'binom.test p', 1e-7);
    });
  }

  it('writes the paragraph', () => {
    const out = runCalcTool(tool, [], { x: 36, n: 120 });
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('阳性率为 30.00%（95% CI：22.53%～38.72%，Wilson 计分法）');
  });

  it('refuses impossible counts in Chinese', () => {
    expect(() => runCalcTool(tool, [], { x: 10, n: 5 })).toThrow('阳性例数 x 不能大于总例数 n');
    expect(() => runCalcTool(tool, [], { x: 2.5, n: 5 })).toThrow('阳性例数 x 应为整数');
    expect(() => runCalcTool(tool, [], { x: -1, n: 5 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { x: 1, n: 0 })).toThrow('不能小于 1');
    expect(() => runCalcTool(tool, [], { x: 'abc', n: 5 })).toThrow('应为数字');
  });
});
