// The meta-analysis explainers on reports other than the examples: another measure, fixed-effect
// and Peto branches, subgroups, few studies, and a pooled effect that is not significant.
import { describe, expect, it } from 'vitest';
import { studyTable } from '../../meta-test-table.js';
import { checked, exampleTable, reportOf } from '../test-helpers.js';

const bcg = exampleTable('bcg-vaccine-trials');
const stroke = exampleTable('stroke-unit-trials');
const binary = { study: '研究', e1: '接种组结核病例数', n1: '接种组总人数', e2: '对照组结核病例数', n2: '对照组总人数', arm1: '', arm2: '', outcomeLabel: '', subgroup: '', subgroupOrder: '', tau2Method: 'REML', level: 0.95 };
const continuous = { study: '研究', m1: '卒中单元组住院天数均值', sd1: '卒中单元组住院天数标准差', n1: '卒中单元组例数', m2: '常规护理组住院天数均值', sd2: '常规护理组住院天数标准差', n2: '常规护理组例数', arm1: '', arm2: '', outcomeLabel: '', subgroup: '', subgroupOrder: '', tau2Method: 'REML', level: 0.95 };

describe('Meta 分析（二分类）explainer', () => {
  it('reads a Peto fixed-effect OR with subgroups and warns about heterogeneity', () => {
    const report = reportOf('meta-binary', bcg, { ...binary, measure: 'OR', fixedMethod: 'Peto', model: 'fixed', subgroup: '分配方式' });
    const { e } = checked(report);
    expect(e.method).toContain('Peto 法');
    expect(e.method).toContain('以固定效应模型（Peto 法）为主要结果');
    expect(e.caveats.join('')).toContain('固定效应模型“各研究真实效应相同”的假设可能不成立');
    expect(e.numbers.join('')).toContain('亚组分析（按分配方式）');
    expect(e.caveats.join('')).toContain('亚组分析属于研究间的观察性比较');
    expect(e.effect).toContain('OR 比 RR 离 1 更远');
  });

  it('reads a risk difference by DerSimonian–Laird', () => {
    const report = reportOf('meta-binary', bcg, { ...binary, measure: 'RD', fixedMethod: 'IV', model: 'random', tau2Method: 'DL' });
    const { e } = checked(report);
    expect(e.method).toContain('率差（RD）');
    expect(e.method).toContain('DerSimonian–Laird');
    expect(e.effect).toContain('个百分点');
  });

  it('reads a non-significant pooled effect from few studies', () => {
    const t = studyTable({ 研究: ['甲', '乙', '丙', '丁'] }, { e1: [12, 8, 20, 15], n1: [100, 80, 150, 120], e2: [13, 9, 18, 16], n2: [100, 80, 150, 120] });
    const report = reportOf('meta-binary', t, { ...binary, e1: 'e1', n1: 'n1', e2: 'e2', n2: 'n2', arm1: '治疗组', arm2: '安慰剂组', measure: 'RR', fixedMethod: 'MH', model: 'random' });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const { e } = checked(report);
    expect(e.conclusion).toContain('差异无统计学意义');
    expect(e.caveats.join('')).toContain('纳入研究仅 4 项');
    expect(e.nonsignificant).toContain('不等于证明两者相同');
    expect(e.method).toContain('治疗组与安慰剂组');
  });
});

describe('Meta 分析（连续型）explainer', () => {
  it('reads Hedges g against Cohen benchmarks and a model disagreement', () => {
    const report = reportOf('meta-continuous', stroke, { ...continuous, measure: 'SMD', model: 'random' });
    const { e } = checked(report);
    expect(e.method).toContain('Hedges g');
    expect(e.effect).toMatch(/按 Cohen 标准（0.2 小、0.5 中、0.8 大）属(很小|小|中等|大)效应/);
  });

  it('reads the example with its fixed and random models disagreeing', () => {
    const report = reportOf('meta-continuous', stroke, { ...continuous, measure: 'MD', model: 'random' });
    const { e } = checked(report);
    expect(e.conclusion).toContain('无统计学意义');
    expect(e.caveats.join('')).toContain('固定效应与随机效应模型的统计学结论不一致');
    expect(e.caveats.join('')).toContain('研究数少于 10 项');
  });
});
