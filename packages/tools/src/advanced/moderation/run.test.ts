// 调节效应 on its example (reference/mediation-data.R) against R: reference/mediation.R prints every
// number checked here (lm(Y ~ Xc * Wc + 年龄), simple slopes from vcov(), J–N bounds by uniroot on
// |t(W)| = qt(0.975, df), not by the closed form the tool uses). Tolerance 1e-8 relative.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { closeTo, exampleSetup } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const { table, example } = exampleSetup(definition, { factors: [] });
const close = closeTo(1e-8);

describe('调节效应', () => {
  it('centred model with a covariate: interaction, ΔR², simple slopes, J–N as R', () => {
    const out = run(table, example);
    const r = out.results;
    expect(r.n).toBe(397);
    expect(r.excluded).toBe(3);
    close(r.interaction, -0.24736847132353, 'b3');
    close(r.interactionSe, 0.0534344773661, 'SE b3');
    close(r.pInteraction, 4.99460900552e-6, 'P b3', 1e-7);
    close(r.bX, 0.42443160242801, 'b1 (centred)');
    close(r.bW, -0.32149130354281, 'b2 (centred)');
    close(r.rSquared, 0.351606256853, 'R²');
    close(r.deltaRSquared, 0.0354485362465, 'ΔR²');
    close(r.fChange, 4.629379447819 ** 2, 'F change');
    close(r['slope.low'], 0.590413092864, 'slope −1SD');
    close(r['slopeSe.low'], 0.0499100988991, 'SE −1SD');
    close(r['slopeP.low'], 8.07768712229e-28, 'P −1SD', 1e-7);
    close(r['slope.high'], 0.258450111992, 'slope +1SD');
    close(r['slopeT.high'], 4.9129393506, 't +1SD');
    close(r['w.high'], 4.07610221766, 'W +1SD');
    close(r.jnLower, 4.54348278716, 'J–N lower', 1e-9);
    close(r.jnUpper, 6.46929204679, 'J–N upper', 1e-9);
    expect(r.jnRegion).toBe('outside');
    expect(r.jnInRange).toBe(1);
    const titles = out.sections.flatMap((s) => s.blocks.map((b) => (b.type === 'table' || b.type === 'chart' ? b.title : '')));
    expect(titles).toEqual(expect.arrayContaining(['表2 调节效应回归模型', '表4 Johnson–Neyman 显著性区间']));
    expect(titles.filter((t) => t.startsWith('图')).length).toBe(2);
  });
  it('centring changes b1 and b2 but not b3, the slopes or the J–N bounds', () => {
    const a = run(table, example).results;
    const b = run(table, { ...example, center: false }).results;
    close(b.interaction, a.interaction as number, 'b3', 1e-9);
    close(b['slope.low'], a['slope.low'] as number, 'slope', 1e-9);
    close(b.jnLower, a.jnLower as number, 'J–N', 1e-9);
    expect(Math.abs((b.bX as number) - (a.bX as number))).toBeGreaterThan(0.1);
  });
  it('with the categorical covariate (default example) it still runs', () => {
    const r = run(table, { ...example, factors: ['性别'] }).results;
    expect(r.n).toBe(397);
    expect(typeof r.pInteraction).toBe('number');
  });
  it('categorical moderator (性别): joint F of the products, slope per level as lm/anova', () => {
    const out = run(table, { ...example, wType: 'categorical', w: '', wCat: '性别' });
    const r = out.results;
    expect(r.wType).toBe('categorical');
    expect(r.n).toBe(398);
    expect(r.reference).toBe('女');
    close(r.fInteraction, 3.28344865701, 'F');
    close(r.pInteraction, 0.0707448204768, 'P', 1e-7);
    close(r.deltaRSquared, 0.00655621173178, 'ΔR²');
    close(r['slope.女'], 0.469293872563, 'slope 女');
    close(r['slopeSe.女'], 0.0519379862283, 'SE 女');
    close(r['slope.男'], 0.321217408229, 'slope 男');
    close(r['slopeSe.男'], 0.063092598616, 'SE 男');
    expect(() => run(table, { ...example, wType: 'categorical', wCat: '' })).toThrow(/分类/);
  });
  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...example, w: '' })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, w: '工作压力' })).toThrow(/不止一次/);
    const binary = { ...table, numeric: (n: string) => (n === '社会支持' ? table.numeric(n).map((v, i) => (v === null ? null : i % 2)) : table.numeric(n)), text: (n: string) => (n === '社会支持' ? table.text(n).map((v, i) => (v === null ? null : String(i % 2))) : table.text(n)) };
    expect(() => run(binary, example)).toThrow(/社会支持.*分类/);
    const constant = { ...table, numeric: (n: string) => (n === '职业倦怠' ? table.numeric(n).map(() => 3) : table.numeric(n)), text: (n: string) => (n === '职业倦怠' ? table.text(n).map(() => '3') : table.text(n)) };
    expect(() => run(constant, example)).toThrow(/职业倦怠.*恒定/);
  });
  it('R script', () => {
    const script = rScript(definition.key, example, 'd.csv')!;
    expect(script).toContain('X * W');
    expect(script).toContain('社会支持');
  });
});
