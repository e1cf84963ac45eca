import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { studyTable } from '../../meta-test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'stroke-unit-trials')!.file);
// Reference values: reference/meta.R (metafor 3.8: escalc MD/SMD, rma FE/REML/DL, confint, predict,
// regtest, leave1out). Relative tolerance 1e-9; 1e-6 for what rests on the REML τ² (iterative).
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const base = {
  study: '研究',
  m1: '卒中单元组住院天数均值',
  sd1: '卒中单元组住院天数标准差',
  n1: '卒中单元组例数',
  m2: '常规护理组住院天数均值',
  sd2: '常规护理组住院天数标准差',
  n2: '常规护理组例数',
  arm1: '',
  arm2: '',
  outcomeLabel: '住院天数',
  subgroup: '国家',
  subgroupOrder: '',
  measure: 'MD',
  tau2Method: 'REML',
  model: 'random',
  level: 0.95,
};

describe('Meta 分析（连续型）on the stroke-unit trials, against metafor', () => {
  it('MD: inverse-variance FE and REML, heterogeneity, τ² CI, prediction interval, Egger, subgroups by country, leave-one-out', () => {
    const out = run(table, base);
    const r = out.results;
    expect([r.k, r.measure, r.excluded]).toEqual([9, 'MD', 0]);
    close(r.fixedEstimate, -3.46361262777672);
    close(r.fixedCiLower, -4.96264702363742);
    close(r.fixedCiUpper, -1.96457823191603);
    close(r.fixedStatistic, -4.52861924021613);
    close(r.fixedP, 5.93703739862519e-6, 1e-7);
    close(r.q, 238.91581086201);
    close(r.qP, 3.84180928540033e-47, 1e-7);
    const L = 1e-6;
    close(r.estimate, -15.1060274734783, L);
    close(r.ciLower, -32.6409488251826, L);
    close(r.ciUpper, 2.42889387822595, L);
    close(r.statistic, -1.68847462749597, L);
    close(r.p, 0.0913201554907156, L);
    close(r.tau2, 684.646151929666, L);
    close(r.tau2CiLower, 292.918121656912, L);
    close(r.tau2CiUpper, 2889.45134912162, L);
    close(r.i2, 98.9712743473906, L);
    close(r.h2, 97.2076469040549, L);
    close(r.piLower, -69.304860174884, L);
    close(r.piUpper, 39.0928052279274, L);
    close(r.eggerT, -1.59594796529972);
    close(r.eggerP, 0.15453098386997);
    [-26.9181185231767, 0.114035087719298, -1.89798318846053].forEach((x, i) => close(r[`subgroup${i + 1}Estimate`], x, L));
    close(r.subgroupQ, 3.15799397115101, L);
    close(r.subgroupP, 0.2061817978435, L);
    [-14.6014470417049, -16.9120565530516, -9.55954554958445, -9.26991505438397, -16.6242717622103, -17.2957339874135, -18.1092300247023, -15.8799297927397, -17.9690067036241].forEach((x, i) =>
      close(r[`leaveOut${i + 1}Estimate`], x, L),
    );
    const s = JSON.stringify(out.sections);
    expect(s).toContain('差异无统计学意义');
    expect(s).toContain('55 ± 47（155）');
  });

  it("SMD (Hedges' g) with DerSimonian–Laird", () => {
    const r = run(table, { ...base, measure: 'SMD', tau2Method: 'DL' }).results;
    close(r.fixedEstimate, -0.410611419420981);
    close(r.fixedCiLower, -0.531350593779481);
    close(r.fixedCiUpper, -0.289872245062482);
    close(r.q, 123.729274359718);
    close(r.estimate, -0.530737310615977);
    close(r.ciLower, -1.03879644186531);
    close(r.ciUpper, -0.022678179366644);
    close(r.p, 0.0406138546109007);
    close(r.tau2, 0.539714374820215);
    close(r.tau2CiLower, 0.325384441184728, 1e-6);
    close(r.tau2CiUpper, 3.10840340261515, 1e-6);
    close(r.i2, 93.5342706555107);
    close(r.piLower, -2.05763436891898);
    close(r.piUpper, 0.996159747687024);
    close(r.eggerT, -0.499488604524625);
    close(r.eggerP, 0.632749382449907);
    [-0.909944224490739, 0.0456107196382322, -0.0825089033089816].forEach((x, i) => close(r[`subgroup${i + 1}Estimate`], x));
    close(r.subgroupQ, 3.37277763273693);
    close(r.subgroupP, 0.185187062454286);
    [-0.561372878207605, -0.555563459655348, -0.256675795624165, -0.386665255498901, -0.546114846770512, -0.624576580923899, -0.632554320447269, -0.551589433403274, -0.639428151345751].forEach((x, i) =>
      close(r[`leaveOut${i + 1}Estimate`], x),
    );
  });
});

describe('Meta 分析（连续型）refuses bad input with a message naming the column', () => {
  const t = (sd1: Array<number | string | null>, n1: Array<number | string | null> = [20, 20, 20]) =>
    studyTable({ 研究: ['A', 'B', 'C'] }, { m1: [10, 11, 12], sd1, n1, m2: [12, 12, 13], sd2: [3, 3, 3], n2: [20, 20, 20] });
  const p = { ...base, subgroup: '', m1: 'm1', sd1: 'sd1', n1: 'n1', m2: 'm2', sd2: 'sd2', n2: 'n2' };
  it('an SD of 0', () => expect(() => run(t([0, 2, 3]), p)).toThrow(/研究“A”的试验组标准差（列“sd1”）为 0，标准差必须大于 0/));
  it('a group of one', () => expect(() => run(t([2, 2, 3], [1, 20, 20]), p)).toThrow(/试验组例数（列“n1”）为 1，应为不小于 2 的整数/));
  it('text in a mean column', () => expect(() => run(t(['约3', 2, 3]), p)).toThrow(/变量“sd1”应为数值/));
  it('no study name chosen', () => expect(() => run(t([2, 2, 3]), { ...p, study: '' })).toThrow(/请选择研究名称列/));
  it('one study', () => expect(() => run(t([2, null, null]), p)).toThrow(/至少需要 2 项研究/));
});
