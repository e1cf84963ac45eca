import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const close = (actual: unknown, expected: number, label: string, rel = 1e-9) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1e-12, Math.abs(expected)) + 1e-15);

describe('发生率 against R poisson.test', () => {
  for (const k of fixture) {
    it(`x1=${k.x1} t1=${k.t1} x2=${k.x2} t2=${k.t2} level=${k.level}`, () => {
      const out = runCalcTool(tool, [], { compare: 'two', x1: k.x1, t1: k.t1, x2: k.x2, t2: k.t2, level: k.level, per: 1 });
      close(out.results.rate1, k.rate1, 'rate1');
      close(out.results.rate1Lower, k.rate1Ci[0]!, 'rate1 lower');
      close(out.results.rate1Upper, k.rate1Ci[1]!, 'rate1 upper');
      close(out.results.rate2Lower, k.rate2Ci[0]!, 'rate2 lower');
      close(out.results.rate2Upper, k.rate2Ci[1]!, 'rate2 upper');
      close(out.results.estimate, k.ratio, 'ratio');
      close(out.results.ciLower, k.ratioCi[0]!, 'ratio lower');
      close(out.results.ciUpper, k.ratioCi[1]!, 'ratio upper');
      close(out.results.p, k.p, 'p', 1e-7);
      close(out.results.rateDifference, k.rd, 'rd');
      close(out.results.rateDifferenceLower, k.rdCi[0]!, 'rd lower');
      close(out.results.rateDifferenceUpper, k.rdCi[1]!, 'rd upper');
    });
  }

  it('scales to the chosen unit and reports one rate alone', () => {
    const k = fixture[0]!;
    const out = runCalcTool(tool, [], { compare: 'one', x1: k.x1, t1: k.t1, per: 1000 });
    close(out.results.rate1Upper, k.rate1Ci[1]! * 1000, 'per 1000');
    expect(out.results.estimate).toBeUndefined();
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('发生率为 7.347/1000 人时（95% CI：4.354～11.61）');
  });

  it('refuses impossible input in Chinese', () => {
    expect(() => runCalcTool(tool, [], { x1: 2.5 })).toThrow('第 1 组事件数应为整数');
    expect(() => runCalcTool(tool, [], { t2: 0 })).toThrow('第 2 组观察人时必须大于 0');
    expect(() => runCalcTool(tool, [], { x1: -1 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { x1: 0, x2: 0 })).toThrow('两组事件数都为 0');
    expect(() => runCalcTool(tool, [], { t1: '两千' })).toThrow('应为数字');
  });
});
