// 中介效应 on its example (reference/mediation-data.R) against R: reference/mediation.R prints every
// number checked here (lm() for each path; Sobel by its formula). Least squares 1e-8 relative. The
// bootstrap uses our own seeded generator (R's draws differ; the engine test checks the bootstrap on
// R's resamples), so here it is checked for reproducibility and against R's boot in distribution.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { closeTo, exampleSetup } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const { table, example } = exampleSetup(definition);
const close = closeTo(1e-8);

describe('中介效应', () => {
  it('simple mediation with covariates (defaults): paths, indirect effect, Sobel as lm in R', () => {
    const out = run(table, example);
    const r = out.results;
    expect(r.n).toBe(397);
    expect(r.excluded).toBe(3);
    close(r['a.职业倦怠'], 0.408222321491, 'a');
    close(r['pA.职业倦怠'], 1.14183006896e-21, 'P a', 1e-7);
    close(r['b.职业倦怠'], 0.465369034423, 'b');
    close(r.c, 0.394726833599, 'c');
    close(r.cSe, 0.0434736832247, 'SE c');
    close(r.cPrime, 0.204752806017, "c'");
    close(r.pCPrime, 4.80229174336e-6, "P c'", 1e-7);
    close(r['indirect.职业倦怠'], 0.189974027582, 'a*b');
    close(r['sobelZ.职业倦怠'], 6.91347620788, 'Sobel z');
    close(r.proportionMediated, 0.189974027582 / 0.394726833599, 'proportion');
    expect(r.mediationType).toBe('partial');
    // R's boot (5000 resamples, set.seed(1)): SE 0.02946, 95% CI 0.1351 ~ 0.2508; ours differ only by Monte Carlo error.
    expect(Math.abs((r.totalIndirectSe as number) - 0.0294553735256)).toBeLessThan(0.003);
    expect(Math.abs((r.totalIndirectLower as number) - 0.135127404235)).toBeLessThan(0.006);
    expect(Math.abs((r.totalIndirectUpper as number) - 0.250823722458)).toBeLessThan(0.006);
    const titles = out.sections.flatMap((s) => s.blocks.map((b) => (b.type === 'table' || b.type === 'chart' ? b.title : '')));
    expect(titles).toEqual(expect.arrayContaining(['表2 各回归方程的系数', '表3 中介效应分解', '表4 Sobel 检验（辅助）', '图1 中介模型路径图']));
  });
  it('seeded bootstrap: same seed same CI, another seed another CI', () => {
    const p = { ...example, bootstrap: 1000 };
    const one = run(table, p).results;
    expect(run(table, p).results.totalIndirectLower).toBe(one.totalIndirectLower);
    expect(run(table, { ...p, seed: 99 }).results.totalIndirectLower).not.toBe(one.totalIndirectLower);
  });
  it('parallel mediators without covariates', () => {
    const r = run(table, { ...example, mediators: ['职业倦怠', '工作满意度'], covariates: [], factors: [], bootstrap: 1000 }).results;
    close(r['a.职业倦怠'], 0.408577403378, 'a1');
    close(r['a.工作满意度'], -0.326720874674, 'a2');
    close(r['b.职业倦怠'], 0.444614148324, 'b1');
    close(r['b.工作满意度'], -0.240679975822, 'b2');
    close(r.c, 0.393215511836, 'c');
    close(r.cPrime, 0.132921045391, "c'");
    close(r['indirect.工作满意度'], 0.0786351722169, 'a2*b2');
    close(r.totalIndirect, 0.260294466444, 'total indirect');
    expect(r.totalIndirectLower as number).toBeGreaterThan(0);
  });
  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...example, mediators: [] })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, mediators: ['工作压力'] })).toThrow(/不止一次/);
    expect(() => run(table, { ...example, y: '性别' })).toThrow(/性别/);
    const few = { ...table, rows: 5 };
    expect(() => run(few, example)).toThrow(/少于/);
    const constant = { ...table, numeric: (n: string) => (n === '职业倦怠' ? table.numeric(n).map(() => 3) : table.numeric(n)), text: (n: string) => (n === '职业倦怠' ? table.text(n).map(() => '3') : table.text(n)) };
    expect(() => run(constant, example)).toThrow(/职业倦怠.*恒定/);
  });
  it('R script', () => {
    const script = rScript(definition.key, example, 'd.csv')!;
    expect(script).toContain('lm(');
    expect(script).toContain('工作压力');
  });
});
