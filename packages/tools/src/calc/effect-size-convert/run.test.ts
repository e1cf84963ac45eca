import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const go = (form: Record<string, unknown>) => runCalcTool(tool, [], form);
const KEYS = ['a', 'd', 'r', 'or', 'logOr', 'seD', 'seR', 'seLogOr', 'dCiLower', 'dCiUpper', 'rCiLower', 'rCiUpper', 'orCiLower', 'orCiUpper'] as const;

describe('效应量换算 against the Borenstein formulas written in R', () => {
  for (const k of fixture as Array<Record<string, number | string>>) {
    it(`${k.from} = ${k.value}, se ${k.se}, n ${k.n1 ?? '?'}/${k.n2 ?? '?'}`, () => {
      const given = k.n1 !== undefined;
      const out = go({ from: k.from, value: k.value, se: k.se, sizes: given ? 'given' : 'equal', n1: k.n1 ?? 50, n2: k.n2 ?? 50 });
      // Closed-form formulas: agreement to relative 1e-10.
      for (const key of KEYS) {
        const want = k[key] as number;
        expect(Math.abs((out.results[key] as number) - want), key).toBeLessThanOrEqual(1e-10 * Math.max(1, Math.abs(want)));
      }
    });
  }

  it('round-trips d → r → d and d → OR → d', () => {
    const r = go({ from: 'd', value: 0.73, sizes: 'given', n1: 12, n2: 40 }).results.r as number;
    expect(go({ from: 'r', value: r, sizes: 'given', n1: 12, n2: 40 }).results.d as number).toBeCloseTo(0.73, 12);
    const or = go({ from: 'd', value: 0.73 }).results.or as number;
    expect(go({ from: 'or', value: or }).results.d as number).toBeCloseTo(0.73, 12);
  });

  it('leaves out standard errors when none is given and writes the sentence', () => {
    const out = go({ from: 'd', value: 0.5 });
    expect(out.results.seD).toBeUndefined();
    const t = out.sections[0]!.blocks.find((b) => b.type === 'text');
    expect(t && t.type === 'text' && t.markdown).toContain('Cohen’s d=0.5 相当于相关系数 r=0.243、OR=2.477');
  });

  it('refuses impossible values in Chinese', () => {
    expect(() => go({ from: 'r', value: 1 })).toThrow('相关系数 r 应在 −1 与 1 之间');
    expect(() => go({ from: 'or', value: 0 })).toThrow('比值比 OR 必须大于 0');
    expect(() => go({ from: 'or', value: -2 })).toThrow('比值比 OR 必须大于 0');
    expect(() => go({ from: 'd', value: 0.5, sizes: 'given', n1: 10.5, n2: 3 })).toThrow('两组例数应为大于 0 的整数');
    expect(() => go({ from: 'd', value: 0.5, se: -1 })).toThrow('“标准误（可选）”不能小于 0');
    expect(() => go({ from: 'd', value: '' })).toThrow('“效应量的值”应为数字');
  });
});
