import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { COUNT_KEYS, definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const rowsOf = (m: ReadonlyArray<ReadonlyArray<number | string>>) => m.map((r, i) => ({ category: `级${i + 1}`, ...Object.fromEntries(r.map((v, j) => [COUNT_KEYS[j]!, v])) }));
const close = (actual: unknown, expected: number, label: string, rel = 1e-9) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('Kappa 一致性检验 against R (vcd::Kappa, psych::cohen.kappa, Fleiss–Cohen–Everitt null SE)', () => {
  for (const k of fixture) {
    it(`${k.rows.length}×${k.rows.length} ${k.weights} level=${k.level}`, () => {
      const out = runCalcTool(tool, rowsOf(k.rows), { weights: k.weights, level: k.level });
      close(out.results.estimate, k.kappa, 'kappa');
      if ('psychKappa' in k) close(out.results.estimate, k.psychKappa as number, 'kappa (psych)');
      close(out.results.se, k.se, 'se');
      close(out.results.ciLower, k.lower, 'lower');
      close(out.results.ciUpper, k.upper, 'upper');
      close(out.results.statistic, k.z, 'z');
      close(out.results.p, k.p, 'p', 1e-7);
      close(out.results.observedAgreement, k.po, 'po');
    });
  }

  it('writes the paragraph with the Landis–Koch grade', () => {
    const out = runCalcTool(tool, rowsOf(fixture[0]!.rows), {});
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('Kappa=0.682');
    expect(t?.type === 'text' && t.markdown).toContain('高度一致');
  });

  it('refuses a table that is not square and bad cells in Chinese', () => {
    expect(() => runCalcTool(tool, rowsOf([[1, 2, 3], [3, 4, 5]]), {})).toThrow('Kappa 需要方表');
    expect(() => runCalcTool(tool, rowsOf([[1, 2], [3, '']]), {})).toThrow('第 2 行“B：类别2”未填写');
    expect(() => runCalcTool(tool, rowsOf([[1, 'a'], [3, 4]]), {})).toThrow('第 1 行“B：类别2”不是数字：a');
    expect(() => runCalcTool(tool, rowsOf([[1, -2], [3, 4]]), {})).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [{ category: '阳', c1: 3, c2: 1 }, { category: '阳', c1: 2, c2: 5 }], {})).toThrow('类别名称不能重复');
  });
});
