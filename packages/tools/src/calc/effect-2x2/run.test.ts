import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const rowsOf = (a: number | string, b: number | string, c: number | string, d: number | string) => [
  { group: '暴露组', event: a, noEvent: b },
  { group: '非暴露组', event: c, noEvent: d },
];
const REL = 1e-9;
const close = (actual: unknown, expected: number, label: string, rel = REL) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('OR、RR、RD 与 NNT against R (formulas, chisq.test, fisher.test)', () => {
  for (const k of fixture) {
    it(`a=${k.a} b=${k.b} c=${k.c} d=${k.d} level=${k.level}`, () => {
      const out = runCalcTool(tool, rowsOf(k.a, k.b, k.c, k.d), { level: k.level });
      for (const name of ['risk1', 'risk2', 'or', 'orLower', 'orUpper', 'rr', 'rrLower', 'rrUpper', 'rd', 'rdLower', 'rdUpper', 'rdNewcombeLower', 'rdNewcombeUpper', 'yatesP'] as const) {
        close(out.results[name], k[name], name);
      }
      close(out.results.statistic, k.chisq, 'chisq');
      close(out.results.p, k.chisqP, 'chisq p');
      close(out.results.yatesStatistic, k.yates, 'yates');
      // fisher.test's two-sided p sums tables with density ≤ observed·(1 + 1e-7).
      close(out.results.fisherP, k.fisherP, 'fisher p', 1e-7);
      // NNT from the Newcombe interval of the risk difference (adverse outcome: a lower risk is benefit).
      close(out.results.nnt, 1 / Math.abs(k.rd), 'nnt');
      expect(out.results.nntKind).toBe(k.rd > 0 ? 'NNTH' : 'NNTB');
      if (k.rdNewcombeLower > 0 || k.rdNewcombeUpper < 0) {
        const ends = [1 / Math.abs(k.rdNewcombeLower), 1 / Math.abs(k.rdNewcombeUpper)].sort((x, y) => x - y);
        close(out.results.nntLower, ends[0]!, 'nnt lower');
        close(out.results.nntUpper, ends[1]!, 'nnt upper');
      } else {
        expect(out.results.nntLower).toBeNull();
        expect(out.results.nntCi).toMatch(/^NNTB [\d.]+ 至 ∞ 至 NNTH [\d.]+$/);
      }
    });
  }

  it('turns NNTH into NNTB for a favourable outcome, and reports only OR for a case-control study', () => {
    const fav = runCalcTool(tool, rowsOf(30, 70, 15, 85), { outcome: 'favourable' });
    expect(fav.results.nntKind).toBe('NNTB');
    expect(fav.results.nntCi).toMatch(/^NNTB /);
    const cc = runCalcTool(tool, rowsOf(30, 70, 15, 85), { design: 'case-control' });
    expect(cc.results.rr).toBeNull();
    expect(cc.results.or).toBeCloseTo(fixture[0]!.or, 12);
    expect(JSON.stringify(cc.sections)).not.toContain('相对危险度');
  });

  it('writes the paragraph and names the test the table calls for', () => {
    const out = runCalcTool(tool, rowsOf(8, 42, 20, 30), {});
    const blocks = out.sections.flatMap((s) => s.blocks);
    const t = blocks.find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('暴露组结局发生率为 16.0%（8/50）');
    const tests = blocks.find((b) => b.type === 'table' && b.title.startsWith('χ²'));
    expect(tests?.type === 'table' && tests.footnotes[0]).toContain('Pearson χ² 检验');
    const small = runCalcTool(tool, rowsOf(3, 7, 6, 4), {});
    const foot = small.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('χ²'));
    expect(foot?.type === 'table' && foot.footnotes[0]).toContain('Fisher');
  });

  it('refuses bad cells in Chinese', () => {
    expect(() => runCalcTool(tool, rowsOf(30, '', 15, 85), {})).toThrow('第 1 行“结局未发生”未填写');
    expect(() => runCalcTool(tool, rowsOf(30, 70, '十五', 85), {})).toThrow('第 2 行“结局发生”不是数字：十五');
    expect(() => runCalcTool(tool, rowsOf(-3, 70, 15, 85), {})).toThrow('第 1 行“结局发生”不能小于 0');
    expect(() => runCalcTool(tool, rowsOf(0, 0, 15, 85), {})).toThrow('第 1 行（暴露组）的例数合计为 0');
    expect(() => runCalcTool(tool, rowsOf(0, 70, 0, 85), {})).toThrow('两组都没有发生结局');
  });
});
