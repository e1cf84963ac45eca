import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { logRankPower, run } from './run.js';

const tool = { definition, run };

describe('Log-rank 检验的样本量 against the formulas in R', () => {
  for (const c of fixture) {
    it(`${c.method} HR=${c.hr} median=${c.median} a=${c.accrual} f=${c.followup} k=${c.k}`, () => {
      const out = runCalcTool(tool, [], { method: c.method, hr: c.hr, median: c.median, accrual: c.accrual, followup: c.followup, ratio: c.k, alpha: c.sig, power: c.power, sides: c.alt === 'two.sided' ? 'two' : 'one', dropout: 10 });
      // Closed forms against R's integrate (rel.tol 1e-12).
      expect(out.results.events as number).toBeCloseTo(c.events, 8);
      expect(out.results.eventProbabilityControl as number).toBeCloseTo(c.pControl, 10);
      expect(out.results.eventProbabilityTreatment as number).toBeCloseTo(c.pTreat, 10);
      expect(out.results.eventProbability as number).toBeCloseTo(c.pEvent, 10);
      expect(out.results.n as number).toBeCloseTo(c.n, 7);
      expect(out.results.eventsRounded).toBe(Math.ceil(c.events));
      const pi = 1 / (1 + c.k);
      expect(out.results.nControl).toBe(Math.ceil(c.n * pi));
      expect(out.results.nTreatment).toBe(Math.ceil(c.n * (1 - pi)));
      expect(out.results.totalEnrolled).toBe(Math.ceil(Math.ceil(c.n * pi) / 0.9) + Math.ceil(Math.ceil(c.n * (1 - pi)) / 0.9));
      expect(logRankPower(200 * c.pEvent, c.hr, c.k, c.sig, c.alt === 'two.sided', c.method as 'schoenfeld' | 'freedman')).toBeCloseTo(c.powerAt200, 10);
    });
  }

  it('writes the protocol sentence with events and dropout', () => {
    const out = runCalcTool(tool, [], {});
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    const t = text && text.type === 'text' ? text.markdown : '';
    expect(t).toContain('采用 Log-rank 检验的Schoenfeld 法计算，需观察到 331 例终点事件；');
    expect(t).toContain('对照组需 248 例、试验组需 248 例，共 496 例；考虑 10% 的脱落率，对照组需纳入 276 例、试验组需纳入 276 例，共 552 例。');
  });

  it('refuses impossible inputs in Chinese', () => {
    expect(() => runCalcTool(tool, [], { hr: 1 })).toThrow('风险比必须大于 0 且不等于 1');
    expect(() => runCalcTool(tool, [], { hr: 0 })).toThrow('风险比必须大于 0 且不等于 1');
    expect(() => runCalcTool(tool, [], { hr: -0.5 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { median: 0 })).toThrow('对照组中位生存时间必须大于 0');
    expect(() => runCalcTool(tool, [], { accrual: 0, followup: 0 })).toThrow('入组期与随访期不能同时为 0');
    expect(() => runCalcTool(tool, [], { median: 'abc' })).toThrow('应为数字');
  });
});
