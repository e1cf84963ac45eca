import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { studyTable } from '../../meta-test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'bcg-vaccine-trials')!.file);
// Reference values: reference/meta.R (metafor 3.8: escalc, rma, rma.mh, rma.peto, confint, predict,
// regtest, leave1out). Relative tolerance 1e-9; 1e-6 for what rests on the REML τ² (an iteration
// stopped at metafor's threshold), as in packages/stats' metafor tests.
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const base = { study: '研究', e1: '接种组结核病例数', n1: '接种组总人数', e2: '对照组结核病例数', n2: '对照组总人数', arm1: '', arm2: '', outcomeLabel: '结核病发病风险', subgroup: '', subgroupOrder: '', measure: 'RR', fixedMethod: 'MH', tau2Method: 'REML', model: 'random', level: 0.95 };

describe('Meta 分析（二分类）on the BCG trials, against metafor', () => {
  it('RR: Mantel–Haenszel and REML, heterogeneity, τ² CI, prediction interval, Egger, subgroups, leave-one-out', () => {
    const out = run(table, { ...base, subgroup: '分配方式' });
    const r = out.results;
    expect([r.k, r.measure, r.model, r.excluded, r.zeroCellStudies, r.droppedStudies]).toEqual([13, 'RR', 'random', 0, 0, 0]);
    close(r.fixedEstimate, Math.exp(-0.453709604683754));
    close(r.fixedCiLower, Math.exp(-0.53080942699813));
    close(r.fixedCiUpper, Math.exp(-0.376609782369378));
    close(r.fixedStatistic, -11.5338071856263);
    close(r.fixedP, 8.91137967074168e-31, 1e-7);
    close(r.q, 152.567553586657);
    close(r.qP, 1.70758753151519e-26, 1e-7);
    expect(r.qDf).toBe(12);
    const L = 1e-6;
    close(r.estimate, Math.exp(-0.71453234215814), L);
    close(r.logEstimate, -0.71453234215814, L);
    close(r.ciLower, Math.exp(-1.06689763881035), L);
    close(r.ciUpper, Math.exp(-0.362167045505926), L);
    close(r.statistic, -3.97444830613176, L);
    close(r.p, 7.05425810164237e-5, L * 100);
    close(r.tau2, 0.313243258136486, L);
    close(r.tau2CiLower, 0.119718361141152, L);
    close(r.tau2CiUpper, 1.11147908406093, L);
    close(r.i2, 92.2213845212691, L);
    close(r.h2, 12.8557582353094, L);
    close(r.piLower, Math.exp(-1.8666922179029), L);
    close(r.piUpper, Math.exp(0.437627533586617), L);
    close(r.eggerT, -1.40128200228933);
    expect(r.eggerDf).toBe(11);
    close(r.eggerP, 0.188706995081979);
    [-0.970964704263089, -0.540792961849346, -0.424207391510872].forEach((x, i) => close(r[`subgroup${i + 1}Estimate`], Math.exp(x), L));
    close(r.subgroupQ, 1.86144494615464, L);
    expect(r.subgroupDf).toBe(2);
    close(r.subgroupP, 0.394268758885585, L);
    [-0.707083784699262, -0.654031200293526, -0.685554410836618, -0.628409369807698, -0.764170095140255, -0.710876555564009, -0.655247599784662, -0.794767604515522, -0.741197299304493, -0.653032915305877, -0.757858626723501, -0.759812099334467, -0.777536184894368].forEach((x, i) =>
      close(r[`leaveOut${i + 1}Estimate`], Math.exp(x), L),
    );
    const s = JSON.stringify(out.sections);
    expect(s).toContain('接种组的结核病发病风险低于对照组');
    expect(s).toContain('按 Mantel–Haenszel 法合并值计算');
    expect(s).toContain('亚组间差异');
    // MH weights in table 1 (rma.mh weights): Aronson 0.656% → 0.7.
    expect(out.sections[0]!.blocks[0]).toMatchObject({ rows: expect.arrayContaining([expect.arrayContaining(['Aronson 1948', '随机分配', '4/123', '11/139', '0.41', 0.7, 5.1])]) });
    const forest = out.sections.find((x) => x.title === '森林图')!.blocks[0] as { option: { xAxis: { type: string } } };
    expect(forest.option.xAxis.type).toBe('log');
  });

  it('OR: Peto as the headline fixed-effect model, DL random effects, Peto subgroups and leave-one-out', () => {
    const r = run(table, { ...base, measure: 'OR', fixedMethod: 'Peto', tau2Method: 'DL', model: 'fixed', subgroup: '分配方式' }).results;
    close(r.estimate, Math.exp(-0.474446310940636));
    close(r.ciLower, Math.exp(-0.554136644844653));
    close(r.ciUpper, Math.exp(-0.39475597703662));
    close(r.statistic, -11.6688892678196);
    close(r.p, 1.83807338632167e-31, 1e-7);
    close(r.q, 167.730167511489);
    close(r.randomEstimate, Math.exp(-0.747392349732138));
    close(r.randomCiLower, Math.exp(-1.12422060928063));
    close(r.randomCiUpper, Math.exp(-0.370564090183641));
    close(r.tau2, 0.366343406725599);
    close(r.tau2CiLower, 0.130149115238386, 1e-6);
    close(r.tau2CiUpper, 1.18118579215696, 1e-6);
    close(r.i2, 92.6454777445856);
    close(r.h2, 13.5970762650667);
    close(r.piLower, Math.exp(-1.99209819785993));
    close(r.piUpper, Math.exp(0.497313498395659));
    [-0.353240430491884, -0.821123284649883, -0.457186735519295].forEach((x, i) => close(r[`subgroup${i + 1}Estimate`], Math.exp(x)));
    close(r.subgroupQ, 21.2521726727392);
    close(r.subgroupP, 2.427444671636e-5, 1e-7);
    [-0.472177269248539, -0.461595964525077, -0.470191814419902, -0.359054937484503, -0.483152245203471, -0.371002579945821, -0.466003339976573, -0.816133655068919, -0.47474642702516, -0.448582727444323, -0.491076211935994, -0.477459618062588, -0.485250774699048].forEach((x, i) =>
      close(r[`leaveOut${i + 1}Estimate`], Math.exp(x)),
    );
  });

  it('RD: inverse variance and REML, on a linear axis', () => {
    const out = run(table, { ...base, measure: 'RD', fixedMethod: 'IV' });
    const r = out.results;
    close(r.fixedEstimate, -0.00091426346845626);
    close(r.fixedCiLower, -0.00135728182986624);
    close(r.fixedCiUpper, -0.000471245107046277);
    close(r.fixedP, 5.23663968206994e-5, 1e-7);
    close(r.q, 276.473712704485);
    const L = 1e-6;
    close(r.estimate, -0.0251732881433258, L);
    close(r.ciLower, -0.0463960019247593, L);
    close(r.ciUpper, -0.00395057436189225, L);
    close(r.p, 0.0200822205965101, L);
    close(r.tau2, 0.00142140309569658, L);
    close(r.tau2CiLower, 0.000684746956282674, L);
    close(r.tau2CiUpper, 0.0043750355244958, L);
    close(r.i2, 99.9402318614108, L);
    close(r.piLower, -0.102054137774259, L);
    close(r.piUpper, 0.0517075614876077, L);
    expect(r.logEstimate).toBeNull();
    const forest = out.sections.find((x) => x.title === '森林图')!.blocks[0] as { option: { xAxis: { type: string } } };
    expect(forest.option.xAxis.type).toBe('value');
  });

  it('zero cells: ½ added to single-zero studies, double-zero studies dropped for OR (metafor defaults), said in footnotes', () => {
    const z = studyTable(
      { 研究: ['A', 'B', 'C', 'D', 'E', 'F'] },
      { e1: [0, 3, 1, 12, 0, 0], n1: [25, 50, 30, 100, 40, 20], e2: [4, 9, 0, 20, 2, 0], n2: [25, 50, 30, 100, 40, 22] },
    );
    const out = run(z, { ...base, e1: 'e1', n1: 'n1', e2: 'e2', n2: 'n2', measure: 'OR' });
    const r = out.results;
    expect([r.k, r.droppedStudies, r.zeroCellStudies]).toEqual([5, 1, 3]);
    close(r.fixedEstimate, Math.exp(-0.898055023333122));
    close(r.fixedCiLower, Math.exp(-1.52931373269624));
    close(r.fixedCiUpper, Math.exp(-0.266796313970001));
    close(r.q, 3.45462178646341);
    close(r.qP, 0.484811661493346);
    close(r.estimate, Math.exp(-0.79772701037928), 1e-6);
    close(r.ciLower, Math.exp(-1.43000676986076), 1e-6);
    close(r.ciUpper, Math.exp(-0.165447250897795), 1e-6);
    expect(r.tau2 as number).toBeLessThan(1e-10);
    close(r.tau2CiUpper, 12.042035637993, 1e-6);
    const notes = JSON.stringify(out.sections[0]);
    expect(notes).toContain('加 0.5');
    expect(notes).toContain('“F” 两组均无事件');
  });
});

describe('Meta 分析（二分类）refuses bad input with a message naming the column', () => {
  const t = (e1: Array<number | string | null>, n1: Array<number | string | null> = [30, 30, 30]) =>
    studyTable({ 研究: ['A', 'B', 'C'] }, { e1, n1, e2: [3, 4, 5], n2: [30, 30, 30] });
  const p = { ...base, e1: 'e1', n1: 'n1', e2: 'e2', n2: 'n2' };
  it('events above the total', () => expect(() => run(t([40, 2, 3]), p)).toThrow(/研究“A”的事件数 40 大于总例数 30（列“e1”与“n1”）/));
  it('text in a count column', () => expect(() => run(t(['两例', 2, 3]), p)).toThrow(/变量“e1”应为数值/));
  it('a fractional or negative count', () => expect(() => run(t([1.5, 2, 3]), p)).toThrow(/试验组事件数（列“e1”）为 1.5，应为非负整数/));
  it('a zero total', () => expect(() => run(t([0, 2, 3], [0, 30, 30]), p)).toThrow(/总例数为 0（列“n1”）/));
  it('one study left after missing values', () => expect(() => run(t([1, null, null]), p)).toThrow(/只有 1 项研究/));
  it('Peto with RR', () => expect(() => run(t([1, 2, 3]), { ...p, fixedMethod: 'Peto' })).toThrow(/Peto 法只能合并比值比 OR/));
  it('a subgroup column with one value', () =>
    expect(() => run(studyTable({ 研究: ['A', 'B', 'C'], 设计: ['RCT', 'RCT', 'RCT'] }, { e1: [1, 2, 3], n1: [30, 30, 30], e2: [3, 4, 5], n2: [30, 30, 30] }), { ...p, subgroup: '设计' })).toThrow(
      /亚组变量“设计”在分析的研究中只有一个取值/,
    ));
  it('the same column twice', () => expect(() => run(t([1, 2, 3]), { ...p, n2: 'n1' })).toThrow(/变量“n1”被选了两次/));
  it('only double-zero studies for OR', () => expect(() => run(studyTable({ 研究: ['A', 'B'] }, { e1: [0, 0], n1: [10, 10], e2: [0, 0], n2: [10, 10] }), { ...p, measure: 'OR' })).toThrow(/可改用率差 RD/));
});

describe('Meta 分析（二分类）: a subgroup the Mantel–Haenszel OR cannot pool', () => {
  it('names the subgroup and suggests the fix', () => {
    const t = studyTable({ 研究: ['A', 'B', 'C'], 设计: ['RCT', 'RCT', '队列'] }, { e1: [1, 2, 3], n1: [30, 30, 30], e2: [3, 4, 0], n2: [30, 30, 30] });
    expect(() => run(t, { ...base, e1: 'e1', n1: 'n1', e2: 'e2', n2: 'n2', measure: 'OR', subgroup: '设计' })).toThrow(/亚组“队列”（设计）无法合并/);
  });
});
