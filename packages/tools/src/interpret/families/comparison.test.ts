// The comparison explainers on a second dataset per tool: they follow the branch the tool took
// (Welch vs Student, the flow's chosen test, a failed normality check, a non-significant result) and
// every number they write is still the report's own.
import { describe, expect, it } from 'vitest';
import { columnsTable, longTable } from '../../small_process/test-data.js';
import { explain } from '../interpret.js';
import { checked, reportOf } from '../test-helpers.js';

// Two normal-looking samples, the second far more spread: Levene rejects equal variances.
const SPREAD = {
  甲组: [10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 10.0, 9.7, 10.1, 9.9],
  乙组: [12, 8, 15, 6, 14, 9, 13, 11, 7, 10.5],
};
// Two similar normal samples: nothing to find.
const SIMILAR = {
  A: [5.1, 4.9, 5.3, 5.0, 4.8, 5.2, 5.1, 4.7, 5.0, 5.2, 4.9, 5.1],
  B: [5.0, 5.2, 4.8, 5.1, 4.9, 5.3, 5.0, 4.8, 5.2, 5.1, 4.9, 5.0],
};

describe('comparison explainers follow the report', () => {
  it('independent t: Levene rejects → the explanation names Welch and why', () => {
    const r = reportOf('ttest-independent', longTable(SPREAD), { y: 'y', group: 'g', method: 'auto', alternative: 'two.sided', level: 0.95 });
    expect(r.results.method).toBe('welch');
    const e = explain(r);
    expect(e.method).toContain('Welch');
    expect(e.method).toContain('方差不齐');
    expect(e.paper).toContain('Welch');
    checked(r);
  });

  it('independent t: a non-significant result is read as such, not as “no difference”', () => {
    const r = reportOf('ttest-independent', longTable(SIMILAR), { y: 'y', group: 'g', method: 'auto', alternative: 'two.sided', level: 0.95 });
    expect(r.results.p as number).toBeGreaterThan(0.05);
    const e = explain(r);
    expect(e.conclusion).toContain('无统计学意义');
    expect(e.nonsignificant).toContain('不等于证明');
    expect(e.next.join('')).toMatch(/样本量|把握度/);
    checked(r);
  });

  it('paired t: skewed differences raise the normality caveat; one-sided test is stated', () => {
    const x1 = [10, 11, 12, 10, 13, 11, 12, 10, 11, 12, 11, 10];
    const x2 = [9.5, 10.6, 11.4, 9.7, 12.5, 10.4, 11.6, 9.4, 10.5, 3, 10.6, 9.5];
    const r = reportOf('ttest-paired', columnsTable({ 前: x1, 后: x2 }), { x1: '前', x2: '后', alternative: 'greater', level: 0.95 });
    expect(r.results.shapiroP as number).toBeLessThan(0.05);
    const e = explain(r);
    expect(e.caveats.join('')).toContain('Wilcoxon');
    expect(e.method).toContain('单侧检验');
    checked(r);
  });

  it('two-group flow: normal data with equal variances → the path ends at Student t', () => {
    const r = reportOf('flow-two-groups', longTable(SIMILAR), { y: 'y', group: 'g', checkAlpha: 0.05, level: 0.95 });
    expect(r.results.chosenTest).toBe('student-t');
    const e = explain(r);
    expect(e.method).toContain('引导流程');
    expect(e.method).toContain('Levene');
    expect(e.method).toContain('Student t 检验');
    expect(e.conclusion).toContain('无统计学意义');
    checked(r);
  });

  it('paired flow: non-normal differences → the path ends at the Wilcoxon signed-rank test', () => {
    const x1 = [10, 11, 12, 10, 13, 11, 12, 10, 11, 12, 11, 10, 12, 11];
    const x2 = [9.5, 10.6, 11.4, 9.7, 12.5, 10.4, 11.6, 9.4, 10.5, 3, 10.6, 9.5, 11.4, 10.6];
    const r = reportOf('flow-paired', columnsTable({ 前: x1, 后: x2 }), { x1: '前', x2: '后', checkAlpha: 0.05, level: 0.95 });
    expect(r.results.chosenTest).toBe('wilcoxon-signed-rank');
    const e = explain(r);
    expect(e.method).toContain('Wilcoxon 符号秩检验');
    expect(e.method).toContain('偏离正态');
    checked(r);
  });

  it('Mann-Whitney and K-S: a clear shift is significant and the direction is named', () => {
    const data = longTable({ 低: [1, 2, 2, 3, 3, 4, 4, 5, 2, 3], 高: [6, 7, 7, 8, 9, 9, 10, 8, 7, 6] });
    const mw = reportOf('mann-whitney', data, { y: 'y', group: 'g', alternative: 'two.sided', level: 0.95 });
    expect(explain(mw).conclusion).toContain('高总体偏高');
    checked(mw);
    const ks = reportOf('ks-two-sample', data, { y: 'y', group: 'g', alternative: 'two.sided' });
    expect(explain(ks).conclusion).toContain('有统计学意义');
    checked(ks);
  });

  it('one-sample: non-normal data → the Wilcoxon test is the one explained', () => {
    const y = [1, 1.2, 1.1, 1.3, 1.2, 1.4, 1.1, 9, 12, 1.2, 1.3, 1.0, 1.1, 1.2];
    const r = reportOf('one-sample', columnsTable({ 指标: y }), { y: '指标', mu: 1, alternative: 'two.sided', level: 0.95 });
    expect(r.results.recommended).toBe('wilcoxon');
    const e = explain(r);
    expect(e.method).toContain('Wilcoxon');
    expect(e.paper).toContain('Wilcoxon');
    checked(r);
  });
});
