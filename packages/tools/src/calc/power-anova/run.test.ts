import { powerAnova } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };

describe('单因素方差分析的样本量 against R pwr.anova.test', () => {
  for (const c of fixture) {
    const label = 'means' in c ? `means ${c.means!.join(',')} σ=${c.sd}` : `f=${c.f} k=${c.k}`;
    it(`${label} α=${c.sig} power=${c.power}`, () => {
      const out =
        'means' in c
          ? runCalcTool(tool, c.means!.map((m, i) => ({ group: `G${i + 1}`, mean: m })), { mode: 'means', sd: c.sd, alpha: c.sig, power: c.power, dropout: 10 })
          : runCalcTool(tool, [], { mode: 'f', f: c.f, k: c.k, alpha: c.sig, power: c.power, dropout: 10 });
      expect(out.results.effectSize as number).toBeCloseTo(c.fOut, 12);
      expect(out.results.k).toBe(c.kOut);
      // pwr solves with uniroot (tol ≈ 1e-10 on n); 1e-4 allows for its stopping rule.
      expect(out.results.n as number).toBeCloseTo(c.n, 4);
      expect(out.results.nRounded).toBe(Math.ceil(c.n));
      expect(out.results.totalEnrolled).toBe(Math.ceil(Math.ceil(c.n) / 0.9) * c.kOut);
      expect(powerAnova({ k: c.kOut, f: c.fOut, n: 20, sigLevel: c.sig }).power).toBeCloseTo(c.powerAt20, 8);
    });
  }

  it('writes the protocol sentence without a test direction', () => {
    const out = runCalcTool(tool, definition.table!.example, {});
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('按检验水准 α=0.05、把握度 90%，采用单因素方差分析（F 检验）计算，每组需 27 例；考虑 10% 的脱落率，每组需纳入 30 例，共 90 例。');
  });

  it('refuses bad tables and parameters in Chinese', () => {
    expect(() => runCalcTool(tool, [{ group: 'A', mean: 1 }], {})).toThrow('至少需要填写 2 行数据');
    expect(() => runCalcTool(tool, [{ group: 'A', mean: 1 }, { group: 'B', mean: '' }], {})).toThrow('第 2 行“预期均数”未填写');
    expect(() => runCalcTool(tool, [{ group: 'A', mean: 1 }, { group: 'B', mean: 'abc' }], {})).toThrow('第 2 行“预期均数”不是数字：abc');
    expect(() => runCalcTool(tool, [{ group: 'A', mean: 3 }, { group: 'B', mean: 3 }], {})).toThrow('效应量为 0');
    expect(() => runCalcTool(tool, definition.table!.example, { sd: 0 })).toThrow('共同标准差必须大于 0');
    expect(() => runCalcTool(tool, definition.table!.example, { sd: -1 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { mode: 'f', f: 0 })).toThrow('效应量 f 必须大于 0');
    expect(() => runCalcTool(tool, [], { mode: 'f', k: 2.5 })).toThrow('组数必须是不小于 2 的整数');
  });
});
