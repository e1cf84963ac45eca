import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const close = (actual: unknown, expected: number, label: string, rel = 1e-9) =>
  expect(Math.abs((actual as number) - expected), `${label}: ${String(actual)} vs R ${expected}`).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

describe('单因素方差分析（汇总数据） against R anova(lm()), oneway.test, bartlett.test', () => {
  for (const k of fixture) {
    it(`n=${k.n.join('/')} means=${k.mean.join('/')}`, () => {
      const rows = k.n.map((n, i) => ({ group: `组${i + 1}`, n, mean: k.mean[i]!, sd: k.sd[i]! }));
      const out = runCalcTool(tool, rows, {});
      close(out.results.statistic, k.f, 'F');
      expect(out.results.df1).toBe(k.df1);
      expect(out.results.df2).toBe(k.df2);
      close(out.results.p, k.p, 'p');
      close(out.results.ssBetween, k.ssBetween, 'SSB');
      close(out.results.ssWithin, k.ssWithin, 'SSW');
      close(out.results.etaSquared, k.etaSquared, 'eta²');
      close(out.results.omegaSquared, k.omegaSquared, 'omega²');
      close(out.results.welchStatistic, k.welchF, 'Welch F');
      close(out.results.welchDf2, k.welchDf2, 'Welch df2');
      close(out.results.welchP, k.welchP, 'Welch p');
      close(out.results.bartlettStatistic, k.bartlett, 'Bartlett');
      close(out.results.bartlettP, k.bartlettP, 'Bartlett p');
    });
  }

  it('writes the paragraph', () => {
    const out = runCalcTool(tool, definition.table!.example, {});
    const t = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(t?.type === 'text' && t.markdown).toContain('3 组共 61 例，单因素方差分析：F=13.195，ν1=2，ν2=58，P\\<0.001'); // markdown-escaped <
  });

  it('refuses bad cells in Chinese', () => {
    const ok = { group: 'B', n: 10, mean: 3, sd: 1 };
    expect(() => runCalcTool(tool, [{ group: 'A', n: 10, mean: '', sd: 1 }, ok], {})).toThrow('第 1 行“均数”未填写');
    expect(() => runCalcTool(tool, [{ group: 'A', n: 'ten', mean: 2, sd: 1 }, ok], {})).toThrow('第 1 行“例数”不是数字：ten');
    expect(() => runCalcTool(tool, [{ group: 'A', n: 1, mean: 2, sd: 1 }, ok], {})).toThrow('第 1 行“例数”不能小于 2');
    expect(() => runCalcTool(tool, [ok, { group: 'A', n: 10, mean: 2, sd: 0 }], {})).toThrow('第 2 行“标准差”必须大于 0');
    expect(() => runCalcTool(tool, [ok, { group: 'A', n: 10, mean: 2, sd: -1 }], {})).toThrow('第 2 行“标准差”不能小于 0');
    expect(() => runCalcTool(tool, [ok], {})).toThrow('至少需要填写 2 行');
    expect(() => runCalcTool(tool, [ok, ok], {})).toThrow('组名不能重复');
  });
});
