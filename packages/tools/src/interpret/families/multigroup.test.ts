// The multigroup explainers on a second dataset per tool: Welch ANOVA with its post-hoc warning, the
// flow's Kruskal-Wallis branch, a non-significant Kruskal-Wallis, repeated measures without a
// between factor and with sphericity assumed against Mauchly, the non-parametric box plot — and
// every number written is still the report's own.
import { describe, expect, it } from 'vitest';
import { longTable } from '../../small_process/test-data.js';
import { explain } from '../interpret.js';
import { checked, exampleReportWith, reportOf } from '../test-helpers.js';

const WELCH = { A: [10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 10.0, 9.7], B: [12, 8, 15, 6, 14, 9, 13, 11], C: [11.1, 10.9, 11.3, 11.0, 10.8, 11.2, 11.4, 10.7] };
const KW = { A: [1.2, 1.5, 1.1, 1.3, 1.4, 1.2, 9.8, 1.6], B: [2.1, 2.4, 2.2, 2.0, 2.6, 2.3, 2.5, 2.2], C: [3.1, 2.9, 3.3, 3.0, 2.8, 3.2, 3.4, 2.7] };
const SAME = { 甲: [3, 5, 4, 6, 2, 5, 4, 3], 乙: [4, 3, 5, 2, 6, 4, 3, 5], 丙: [5, 4, 3, 4, 5, 2, 6, 4] };

describe('multigroup explainers follow the report', () => {
  it('one-way ANOVA: unequal variances → Welch, and Tukey is flagged', () => {
    const r = reportOf('anova-oneway', longTable(WELCH), { y: 'y', group: 'g', method: 'auto', posthoc: 'tukey', level: 0.95 });
    expect(r.results.method).toBe('welch');
    const e = explain(r);
    expect(e.method).toContain('Welch 方差分析');
    expect(e.caveats.join('')).toContain('Games-Howell');
    checked(r);
  });

  it('multi-group flow: a group off normal → the path ends at Kruskal-Wallis with Dunn', () => {
    const r = reportOf('flow-multi-groups', longTable(KW), { y: 'y', group: 'g', checkAlpha: 0.05, level: 0.95 });
    expect(r.results.chosenTest).toBe('kruskal-wallis');
    const e = explain(r);
    expect(e.method).toContain('引导流程');
    expect(e.method).toContain('偏离正态');
    expect(e.method).toContain('Kruskal-Wallis');
    expect(e.paper).toContain('Dunn');
    checked(r);
  });

  it('Kruskal-Wallis: no difference → read as not proven, no pairs claimed', () => {
    const r = reportOf('kruskal-wallis', longTable(SAME), { y: 'y', group: 'g', adjust: 'bonferroni' });
    expect(r.results.p as number).toBeGreaterThan(0.05);
    const e = explain(r);
    expect(e.conclusion).toContain('无统计学意义');
    expect(e.method).toContain('Bonferroni');
    expect(e.nonsignificant).toContain('不等于证明');
    checked(r);
  });

  it('repeated measures: sphericity assumed against a significant Mauchly test is warned about', () => {
    const r = exampleReportWith('repeated-anova', { correction: 'none' });
    expect(r.results.mauchlyP as number).toBeLessThan(0.05);
    const e = explain(r);
    expect(e.caveats.join('')).toContain('P 值可能偏小');
    expect(e.method).toContain('按分析设置采用假定球形');
    checked(r);
  });

  it('repeated measures without a between factor: one-way design with Bonferroni pairs', () => {
    const r = exampleReportWith('repeated-anova', { group: '' });
    const e = explain(r);
    expect(e.method).toContain('单因素重复测量方差分析');
    expect(e.numbers.join('')).toContain('Bonferroni');
    checked(r);
  });

  it('factorial ANOVA without covariates or interaction: no ANCOVA wording', () => {
    const r = exampleReportWith('factorial-anova', { covariates: [], interaction: false, posthoc: 'bonferroni' });
    const e = explain(r);
    expect(e.method).toContain('两因素方差分析');
    expect(e.method).not.toContain('协变量');
    expect(e.method).toContain('Bonferroni');
    checked(r);
  });

  it('box plot: non-parametric marks name Dunn', () => {
    const r = exampleReportWith('boxplot', { marks: 'nonparametric' });
    const e = explain(r);
    expect(e.method).toContain('Dunn');
    expect(e.caveats.join('')).not.toContain('Tukey');
    checked(r);
  });

  it('Friedman: Conover comparisons are named', () => {
    const r = exampleReportWith('friedman', { posthoc: 'conover', adjust: 'BH' });
    const e = explain(r);
    expect(e.method).toContain('Conover');
    expect(e.method).toContain('Benjamini-Hochberg');
    checked(r);
  });
});
