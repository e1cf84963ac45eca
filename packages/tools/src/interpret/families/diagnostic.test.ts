// The diagnostic explainers on reports other than the examples: a marker without discriminating
// power, a reversed direction, a test with a zero cell and the prevalence and Wilson options.
import { describe, expect, it } from 'vitest';
import { checked, exampleTable, reportOf, tableOf } from '../test-helpers.js';

const markers = exampleTable('diagnostic-markers');

describe('ROC 曲线 explainer', () => {
  it('reads a marker without discriminating power in a small sample', () => {
    const outcome = ['阳性', '阴性', '阳性', '阴性', '阳性', '阴性', '阳性', '阴性', '阳性', '阴性', '阳性', '阴性'];
    const marker = [3.1, 3.4, 2.2, 2.0, 5.3, 5.6, 1.2, 1.9, 4.4, 4.1, 2.8, 3.3];
    const report = reportOf('roc-curve', tableOf({ 结局: outcome, 指标: marker }), { outcome: '结局', positive: '', markers: ['指标'], direction: 'auto', compare: true, cutoffs: false, level: 0.95 });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const { e, full } = checked(report);
    expect(e.conclusion).toContain('无统计学意义');
    expect(e.caveats.join('')).toContain('少于 10');
    expect(e.nonsignificant).toContain('不等于证明它没有诊断价值');
    expect(full).toContain('指标');
  });

  it('warns when the chosen direction runs against the data', () => {
    const report = reportOf('roc-curve', markers, { outcome: '预后', positive: '', markers: ['S100B蛋白'], direction: 'lower', compare: true, cutoffs: false, level: 0.9 });
    expect(report.results.auc as number).toBeLessThan(0.5);
    const { e } = checked(report);
    expect(e.caveats.join('')).toContain('小于 0.5');
    expect(e.method).toContain('由用户指定');
    expect(e.numbers.join('')).toContain('90%CI');
    expect(e.numbers.join('')).toContain('低于该值判为阳性');
  });

  it('names the Holm correction when a raw P loses significance', () => {
    const report = reportOf('roc-curve', markers, { outcome: '预后', positive: '', markers: ['S100B蛋白', 'NDKA蛋白', 'WFNS分级'], direction: 'auto', compare: true, cutoffs: true, level: 0.95 });
    const { e } = checked(report);
    expect(e.conclusion).toContain('Holm 校正后');
    expect(e.caveats.join('')).toContain('Holm 校正后不再显著');
  });
});

describe('诊断试验评价 explainer', () => {
  it('handles a zero cell, few cases and the Wilson and prevalence options', () => {
    // 6 diseased all test-positive (no false negatives), 7 healthy with 2 false positives.
    const test = ['阳性', '阳性', '阳性', '阳性', '阳性', '阳性', '阳性', '阳性', '阴性', '阴性', '阴性', '阴性', '阴性'];
    const gold = ['患病', '患病', '患病', '患病', '患病', '患病', '正常', '正常', '正常', '正常', '正常', '正常', '正常'];
    const report = reportOf('diagnostic-test', tableOf({ 试验: test, 金标准: gold }), { test: '试验', testPositive: '', gold: '金标准', goldPositive: '', ciMethod: 'wilson', usePrevalence: true, prevalence: 0.05, level: 0.95 });
    expect(report.results.fn).toBe(0);
    expect(report.results.lrNegative).toBe(0);
    expect(report.results.dor).toBeNull();
    const { e } = checked(report);
    expect(e.method).toContain('Wilson');
    expect(e.caveats.join('')).toContain('零格');
    expect(e.caveats.join('')).toContain('少于 10');
    expect(e.numbers.join('')).toContain('按目标人群患病率 5.0% 换算');
    expect(e.numbers.join('')).toContain('诊断比值比无法给出有限值');
    expect(e.conclusion).toContain('阴性似然比小于 0.1');
  });

  it('reads a test with little diagnostic value', () => {
    const test = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? '阳性' : '阴性'));
    const gold = Array.from({ length: 40 }, (_, i) => (i % 4 < 2 ? '患病' : '正常'));
    const report = reportOf('diagnostic-test', tableOf({ 试验: test, 金标准: gold }), { test: '试验', testPositive: '', gold: '金标准', goldPositive: '', ciMethod: 'clopper-pearson', usePrevalence: false, prevalence: 0.1, level: 0.95 });
    const { e } = checked(report);
    expect(e.conclusion).toContain('帮助有限');
    expect(e.method).toContain('Clopper-Pearson');
  });
});
