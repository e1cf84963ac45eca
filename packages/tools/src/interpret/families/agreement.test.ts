// The agreement explainers on reports other than the examples: weighted and Fleiss' kappa, a kappa
// no better than chance, other ICC forms in a small sample, and Bland–Altman option branches.
import { describe, expect, it } from 'vitest';
import type { DataTable } from '../../tool.js';
import { checked, exampleTable, reportOf, tableOf } from '../test-helpers.js';

const agreement = exampleTable('agreement');

/** The first `n` rows of a table. */
function head(t: DataTable, n: number): DataTable {
  return { ...t, rows: n, text: (c) => t.text(c).slice(0, n), numeric: (c) => t.numeric(c).slice(0, n) };
}

describe('Kappa explainer', () => {
  it('names the weighting and the unweighted comparison', () => {
    const report = reportOf('kappa', agreement, { raters: ['医师A分级', '医师B分级'], weights: 'quadratic', order: '', level: 0.95 });
    const { e } = checked(report);
    expect(e.method).toContain('平方加权');
    expect(e.numbers.join('')).toContain('不加权 Cohen');
    expect(e.caveats.join('')).not.toContain('加权 kappa 更合适');
  });

  it("reads Fleiss' kappa for three raters without an interval", () => {
    const report = reportOf('kappa', agreement, { raters: ['医师A分级', '医师B分级', '医师C分级'], weights: 'none', order: '', level: 0.95 });
    const { e } = checked(report);
    expect(e.method).toContain("Fleiss' kappa");
    expect(e.numbers.join('')).toContain('各类别的 kappa');
    expect(e.caveats.join('')).toContain('不能构造置信区间');
  });

  it('reads agreement no better than chance in a small sample', () => {
    const a = ['是', '否', '是', '否', '是', '否', '是', '否', '是', '否', '是', '否'];
    const b = ['是', '是', '否', '否', '否', '是', '是', '否', '否', '是', '是', '否'];
    const report = reportOf('kappa', tableOf({ 甲: a, 乙: b }), { raters: ['甲', '乙'], weights: 'none', order: '', level: 0.95 });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const { e } = checked(report);
    expect(e.conclusion).toContain('无统计学意义');
    expect(e.caveats.join('')).toContain('只有 12 个');
    expect(e.nonsignificant).toContain('不能证明评价者的一致性高于随机水平');
  });
});

describe('ICC explainer', () => {
  it('explains the consistency form of averaged ratings in a small sample', () => {
    const report = reportOf('icc', head(agreement, 20), { raters: ['医师A测量', '医师B测量'], model: 'twoway-mixed', type: 'consistency', unit: 'average', level: 0.95 });
    expect(report.results.form).toBe('ICC3k');
    const { e } = checked(report);
    expect(e.method).toContain('ICC(C,k)');
    expect(e.method).toContain('双向混合');
    expect(e.numbers.join('')).toContain('单次测量 ICC(C,1)');
    expect(e.caveats.join('')).toContain('只有 20 个');
    expect(e.caveats.join('')).toContain('只有 2 位评价者');
  });

  it('uses the one-way model when raters differ per subject', () => {
    const report = reportOf('icc', agreement, { raters: ['医师A测量', '医师B测量', '软件测量'], model: 'oneway', type: 'consistency', unit: 'single', level: 0.9 });
    const { e } = checked(report);
    expect(e.method).toContain('单向随机');
    expect(e.caveats.join('')).toContain('已按绝对一致计算');
    expect(e.paper).toContain('90%CI');
  });
});

describe('Bland–Altman explainer', () => {
  it('reads percentage differences and says when proportional bias was not checked', () => {
    const report = reportOf('bland-altman', agreement, { method1: '医师A测量', method2: '医师B测量', regression: false, percent: true, level: 0.95 });
    const { e } = checked(report);
    expect(e.numbers.join('')).toContain('百分比差值');
    expect(e.caveats.join('')).toContain('本次未检验比例偏倚');
  });

  it('reads a bias indistinguishable from zero', () => {
    const m1 = [10.1, 12.3, 9.8, 11.4, 13.0, 10.7, 12.2, 9.5, 11.9, 10.3];
    const m2 = [10.3, 12.0, 9.9, 11.6, 12.7, 10.9, 12.1, 9.4, 12.2, 10.1];
    const report = reportOf('bland-altman', tableOf({ 新法: m1, 旧法: m2 }), { method1: '新法', method2: '旧法', regression: true, percent: false, level: 0.95 });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const { e } = checked(report);
    expect(e.conclusion).toContain('未见系统偏倚');
    expect(e.nonsignificant).toContain('并不说明两法一致');
    expect(e.caveats.join('')).toContain('只有 10 对');
  });
});
