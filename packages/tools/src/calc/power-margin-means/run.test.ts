import { describe, expect, it } from 'vitest';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import { marginPower, type MarginDesign } from '../margin.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };

describe('非劣效/等效/优效试验的样本量（均数） against the formulas in R', () => {
  for (const c of fixture) {
    it(`${c.design} δ=${c.delta} σ=${c.sd} Δ=${c.margin} α=${c.sig} power=${c.power}`, () => {
      const out = runCalcTool(tool, [], { design: c.design, delta: c.delta, sd: c.sd, margin: c.margin, alpha: c.sig, power: c.power, dropout: 10 });
      expect(out.results.n as number).toBeCloseTo(c.n, 9);
      expect(out.results.nRounded).toBe(Math.ceil(c.n));
      expect(out.results.totalEnrolled).toBe(2 * Math.ceil(Math.ceil(c.n) / 0.9));
      const design = c.design as MarginDesign;
      const m = design === 'non-inferiority' ? -c.margin : c.margin;
      expect(marginPower(50, design, c.delta, m, Math.SQRT2 * c.sd, c.sig)).toBeCloseTo(c.powerAt50, 10);
      // The curve reaches the target power at the computed n.
      expect(marginPower(c.n, design, c.delta, m, Math.SQRT2 * c.sd, c.sig)).toBeCloseTo(c.power, 9);
    });
  }

  it('writes the protocol sentence with a one-sided level and dropout', () => {
    const out = runCalcTool(tool, [], {});
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('预期试验组与对照组均数差 δ=0、标准差 σ=10，非劣效界值 Δ=5，按单侧检验水准 α=0.025、把握度 90%，采用非劣效检验的正态近似公式计算，每组需 85 例；考虑 10% 的脱落率，每组需纳入 95 例，共 190 例。');
  });

  it('refuses designs the expected difference cannot support, in Chinese', () => {
    expect(() => runCalcTool(tool, [], { delta: -6, margin: 5 })).toThrow('非劣效设计要求预期均数差大于 −Δ');
    expect(() => runCalcTool(tool, [], { design: 'superiority', delta: 2, margin: 5 })).toThrow('优效设计要求预期均数差大于界值 Δ');
    expect(() => runCalcTool(tool, [], { design: 'equivalence', delta: 5, margin: 5 })).toThrow('等效设计要求界值 Δ 大于预期均数差的绝对值');
    expect(() => runCalcTool(tool, [], { margin: 0 })).toThrow('界值 Δ 必须大于 0');
    expect(() => runCalcTool(tool, [], { sd: 0 })).toThrow('标准差必须大于 0');
    expect(() => runCalcTool(tool, [], { sd: -1 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { delta: 'abc' })).toThrow('应为数字');
  });
});
