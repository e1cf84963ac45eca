import { powerChisq } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };
const rowsOf = (a: number[], b: number[]) => a.map((x, i) => ({ category: `K${i + 1}`, a: x, b: b[i]! }));

describe('χ² 检验的样本量 against R pwr.chisq.test', () => {
  for (const c of fixture) {
    it(`${c.mode} α=${c.sig} power=${c.power}`, () => {
      const design = { alpha: c.sig, power: c.power, dropout: 10 };
      const out = c.mode === 'w' ? runCalcTool(tool, [], { mode: 'w', w: c.w, df: c.df, ...design }) : runCalcTool(tool, rowsOf(c.a!, c.b!), { mode: c.mode, ...design });
      expect(out.results.effectSize as number).toBeCloseTo(c.wOut, 12);
      expect(out.results.df).toBe(c.dfOut);
      // pwr solves with uniroot on [1, 1e9] (tol ≈ 1.2e-4 on N).
      expect(out.results.n as number).toBeCloseTo(c.N, 3);
      const perUnit = c.mode === 'two-groups' ? c.N / 2 : c.N;
      expect(out.results.nRounded).toBe(Math.ceil(perUnit));
      expect(out.results.totalEnrolled).toBe(Math.ceil(Math.ceil(perUnit) / 0.9) * (c.mode === 'two-groups' ? 2 : 1));
      expect(powerChisq({ w: c.wOut, df: c.dfOut, n: 100, sigLevel: c.sig }).power).toBeCloseTo(c.powerAt100, 8);
    });
  }

  it('writes the protocol sentence without a test direction', () => {
    const out = runCalcTool(tool, definition.table!.example, {});
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('按检验水准 α=0.05、把握度 90%，采用χ² 拟合优度检验计算，共需 237 例；考虑 10% 的脱落率，共需纳入 264 例。');
  });

  it('refuses bad tables and parameters in Chinese', () => {
    const ex = definition.table!.example;
    expect(() => runCalcTool(tool, [ex[0]!], {})).toThrow('至少需要填写 2 行数据');
    expect(() => runCalcTool(tool, [ex[0]!, { category: 'x', a: '', b: 0.5 }], {})).toThrow('第 2 行“比例 A（原假设/组1）”未填写');
    expect(() => runCalcTool(tool, [ex[0]!, { category: 'x', a: 0.5, b: 'abc' }], {})).toThrow('第 2 行“比例 B（预期/组2）”不是数字：abc');
    expect(() => runCalcTool(tool, [ex[0]!, { category: 'x', a: -0.2, b: 0.5 }], {})).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, rowsOf([0, 1], [0.5, 0.5]), {})).toThrow('第 1 行“比例 A（原假设/组1）”（原假设比例）必须大于 0');
    expect(() => runCalcTool(tool, rowsOf([0.5, 0.6], [0.5, 0.5]), {})).toThrow('一列之和应为 1（当前为 1.1）');
    expect(() => runCalcTool(tool, rowsOf([0.5, 0.5], [0.5, 0.5]), {})).toThrow('效应量为 0');
    expect(() => runCalcTool(tool, [], { mode: 'w', w: 0 })).toThrow('效应量 w 必须大于 0');
    expect(() => runCalcTool(tool, [], { mode: 'w', df: 1.5 })).toThrow('自由度必须是正整数');
  });
});
