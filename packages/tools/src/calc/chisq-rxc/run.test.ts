import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { COUNT_KEYS, definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const rowsOf = (m: ReadonlyArray<ReadonlyArray<number | string>>) => m.map((r, i) => ({ group: `组${i + 1}`, ...Object.fromEntries(r.map((v, j) => [COUNT_KEYS[j]!, v])) }));
const REL = 1e-9;
const close = (actual: unknown, expected: number, label: string, rel = REL) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('R×C 列联表 against R chisq.test and fisher.test', () => {
  for (const k of fixture) {
    it(`${k.rows.length}×${k.rows[0]!.length}: ${JSON.stringify(k.rows)}`, () => {
      const out = runCalcTool(tool, rowsOf(k.rows), { categories: '' });
      close(out.results.statistic, k.chisq, 'chisq');
      expect(out.results.df).toBe(k.df);
      close(out.results.p, k.p, 'p');
      close(out.results.cramersV, k.cramersV, 'Cramér V');
      if (out.results.fisherSimulated === 'no') {
        // fisher.test counts tables within a relative 1e-7 of the observed probability as “as extreme”.
        close(out.results.fisherP, k.fisherP, 'fisher p', 1e-6);
      } else {
        // Past the exact network's work budget the engine simulates 1e5 tables: R's exact p must lie
        // within about four Monte Carlo standard errors.
        const se = Math.sqrt((k.fisherP * (1 - k.fisherP)) / 1e5);
        expect(Math.abs((out.results.fisherP as number) - k.fisherP)).toBeLessThan(4 * se);
        expect(k.rows.length * k.rows[0]!.length, 'only the largest table may need simulation').toBeGreaterThan(12);
      }
      if (k.rows.length === 2 && k.rows[0]!.length === 2) {
        close(out.results.yatesStatistic, k.yates, 'yates');
        close(out.results.yatesP, k.yatesP, 'yates p');
      } else expect(out.results.yatesP).toBeNull();
      const expected = out.sections[0]!.blocks[1]!;
      expect(expected.type === 'table' && expected.rows.map((r) => r.slice(1))).toEqual(k.expected.map((r) => r.map((e) => Number(e.toFixed(2)))));
    });
  }

  it('names columns from the form, skips blank columns and recommends Fisher for sparse tables', () => {
    const out = runCalcTool(tool, [{ group: '男', c1: 3, c3: 1 }, { group: '女', c1: 2, c3: 5 }].map((r) => ({ ...r, c2: '' })), { categories: '阳性，阴性' });
    expect(out.results.columns).toBe(2);
    expect(out.results.recommended).toBe('fisher');
    const obs = out.sections[0]!.blocks[0]!;
    expect(obs.type === 'table' && obs.columns).toEqual(['分组', '阳性', '阴性', '合计']);
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('故采用 Fisher 确切概率法');
  });

  it('refuses bad cells in Chinese', () => {
    expect(() => runCalcTool(tool, rowsOf([[1, 2], [3, '']]), {})).toThrow('第 2 行“类别2”未填写');
    expect(() => runCalcTool(tool, rowsOf([[1, 2], [3, 'x']]), {})).toThrow('第 2 行“类别2”不是数字：x');
    expect(() => runCalcTool(tool, rowsOf([[1, -2], [3, 4]]), {})).toThrow('第 1 行“类别2”不能小于 0');
    expect(() => runCalcTool(tool, rowsOf([[0, 0], [3, 4]]), {})).toThrow('第 1 行（组1）的频数全为 0');
    expect(() => runCalcTool(tool, rowsOf([[1], [3]]), {})).toThrow('至少需要填写 2 列');
    expect(() => runCalcTool(tool, rowsOf([[1, 2]]), {})).toThrow('至少需要填写 2 行');
  });
});
