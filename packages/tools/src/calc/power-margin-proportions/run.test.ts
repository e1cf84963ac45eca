import { describe, expect, it } from 'vitest';
import { marginPower, type MarginDesign } from '../margin.js';
import { runCalcTool } from '../registry.js';
import { definition } from './definition.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const tool = { definition, run };

describe('非劣效/等效/优效试验的样本量（率） against the formulas in R', () => {
  for (const c of fixture) {
    it(`${c.design} p1=${c.p1} p2=${c.p2} Δ=${c.margin} α=${c.sig} power=${c.power}`, () => {
      const out = runCalcTool(tool, [], { design: c.design, p1: c.p1, p2: c.p2, margin: c.margin, alpha: c.sig, power: c.power, dropout: 10 });
      expect(out.results.n as number).toBeCloseTo(c.n, 8);
      expect(out.results.nRounded).toBe(Math.ceil(c.n));
      expect(out.results.totalEnrolled).toBe(2 * Math.ceil(Math.ceil(c.n) / 0.9));
      const design = c.design as MarginDesign;
      const m = design === 'non-inferiority' ? -c.margin : c.margin;
      const s = Math.sqrt(c.p1 * (1 - c.p1) + c.p2 * (1 - c.p2));
      expect(marginPower(100, design, c.p1 - c.p2, m, s, c.sig)).toBeCloseTo(c.powerAt100, 10);
      expect(marginPower(c.n, design, c.p1 - c.p2, m, s, c.sig)).toBeCloseTo(c.power, 9);
    });
  }

  it('writes the protocol sentence with a one-sided level and dropout', () => {
    const out = runCalcTool(tool, [], { power: 0.8 });
    const text = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'text');
    expect(text && text.type === 'text' && text.markdown).toContain('预期试验组率 85%、对照组率 85%，非劣效界值 Δ=0.1（10%），按单侧检验水准 α=0.025、把握度 80%，采用非劣效检验的正态近似公式计算，每组需 201 例；考虑 10% 的脱落率，每组需纳入 224 例，共 448 例。');
  });

  it('refuses impossible rates and designs in Chinese', () => {
    expect(() => runCalcTool(tool, [], { p1: 1 })).toThrow('预期率必须在 0 到 1 之间');
    expect(() => runCalcTool(tool, [], { p2: 0 })).toThrow('预期率必须在 0 到 1 之间');
    expect(() => runCalcTool(tool, [], { p1: -0.2 })).toThrow('不能小于 0');
    expect(() => runCalcTool(tool, [], { p1: 0.7, p2: 0.85, margin: 0.1 })).toThrow('非劣效设计要求预期率差（试验组−对照组）大于 −Δ');
    expect(() => runCalcTool(tool, [], { design: 'superiority', p1: 0.85, p2: 0.8, margin: 0.1 })).toThrow('优效设计要求');
    expect(() => runCalcTool(tool, [], { design: 'equivalence', p1: 0.7, p2: 0.85, margin: 0.1 })).toThrow('等效设计要求界值 Δ 大于');
    expect(() => runCalcTool(tool, [], { margin: 0 })).toThrow('界值 Δ 必须大于 0');
    expect(() => runCalcTool(tool, [], { margin: 10 })).toThrow('应小于 1');
    expect(() => runCalcTool(tool, [], { p1: 'abc' })).toThrow('应为数字');
  });
});
