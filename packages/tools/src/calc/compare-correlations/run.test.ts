import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const close = (actual: unknown, expected: number, label: string, rel = 1e-9) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('两个独立相关系数的比较 against R (psych::r.test, cor.test CIs, Zou 2007)', () => {
  for (const k of fixture) {
    it(`r1=${k.r1} n1=${k.n1} r2=${k.r2} n2=${k.n2} level=${k.level}`, () => {
      const out = runCalcTool(tool, [], { r1: k.r1, n1: k.n1, r2: k.r2, n2: k.n2, level: k.level });
      // psych::r.test reports |z|; the tool keeps the sign of r1 − r2.
      close(Math.abs(out.results.statistic as number), k.z, 'z');
      expect(Math.sign(out.results.statistic as number)).toBe(Math.sign(k.r1 - k.r2));
      close(out.results.p, k.p, 'p');
      close(out.results.r1Lower, k.ci1[0]!, 'r1 lower');
      close(out.results.r1Upper, k.ci1[1]!, 'r1 upper');
      close(out.results.r2Lower, k.ci2[0]!, 'r2 lower');
      close(out.results.r2Upper, k.ci2[1]!, 'r2 upper');
      close(out.results.ciLower, k.diffCi[0]!, 'diff lower');
      close(out.results.ciUpper, k.diffCi[1]!, 'diff upper');
      close(out.results.cohenQ, k.q, 'q');
    });
  }

  it('writes the paragraph', () => {
    const out = runCalcTool(tool, [], {});
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('Z=2.349，P=0.019，两个相关系数的差异有统计学意义');
  });

  it('refuses impossible input in Chinese', () => {
    expect(() => runCalcTool(tool, [], { r1: 1 })).toThrow('不能大于 0.9999');
    expect(() => runCalcTool(tool, [], { r2: -1.5 })).toThrow('不能小于 -0.9999');
    expect(() => runCalcTool(tool, [], { n1: 3 })).toThrow('不能小于 4');
    expect(() => runCalcTool(tool, [], { n2: 50.5 })).toThrow('第 2 组样本量应为整数');
    expect(() => runCalcTool(tool, [], { r1: 'r' })).toThrow('应为数字');
  });
});
