import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const close = (actual: unknown, expected: number, label: string, rel = 1e-9) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('两样本 t 检验（汇总数据） against R t.test and var.test on data with those summaries', () => {
  for (const k of fixture) {
    it(`${k.m1}±${k.s1} (${k.n1}) vs ${k.m2}±${k.s2} (${k.n2}) level=${k.level}`, () => {
      const out = runCalcTool(tool, [], { mean1: k.m1, sd1: k.s1, n1: k.n1, mean2: k.m2, sd2: k.s2, n2: k.n2, level: k.level });
      // The data R tested were rescaled to these summaries, so agreement is to rounding (1e-9).
      close(out.results.statistic, k.t, 't');
      expect(out.results.df).toBe(k.df);
      close(out.results.p, k.p, 'p');
      close(out.results.ciLower, k.ci[0]!, 'ci lower');
      close(out.results.ciUpper, k.ci[1]!, 'ci upper');
      close(out.results.welchStatistic, k.welchT, 'welch t');
      close(out.results.welchDf, k.welchDf, 'welch df');
      close(out.results.welchP, k.welchP, 'welch p');
      close(out.results.welchCiLower, k.welchCi[0]!, 'welch lower');
      close(out.results.welchCiUpper, k.welchCi[1]!, 'welch upper');
      close(out.results.varianceF, k.f, 'F');
      close(out.results.varianceP, k.fP, 'F p');
      close(out.results.cohenD, k.d, 'd');
      close(out.results.hedgesG, k.g, 'g');
      // R's pt with a noncentrality warns that full precision may not be reached.
      close(out.results.cohenDLower, k.dCi[0]!, 'd lower', 1e-6);
      close(out.results.cohenDUpper, k.dCi[1]!, 'd upper', 1e-6);
    });
  }

  it('chooses Welch when the variances differ and says so', () => {
    const k = fixture[1]!;
    const out = runCalcTool(tool, [], { mean1: k.m1, sd1: k.s1, n1: k.n1, mean2: k.m2, sd2: k.s2, n2: k.n2 });
    expect(out.results.recommended).toBe(k.fP < 0.05 ? 'welch' : 'student');
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain(k.fP < 0.05 ? 'Welch' : '两独立样本 t 检验');
  });

  it('refuses impossible summaries in Chinese', () => {
    expect(() => runCalcTool(tool, [], { sd1: 0 })).toThrow('第 1 组标准差必须大于 0');
    expect(() => runCalcTool(tool, [], { n2: 1 })).toThrow('不能小于 2');
    expect(() => runCalcTool(tool, [], { n2: 10.5 })).toThrow('第 2 组例数应为整数');
    expect(() => runCalcTool(tool, [], { sd2: -1 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { mean1: '' })).toThrow('应为数字');
  });
});
