// The survival explainers on second datasets and option branches: an ungrouped Kaplan–Meier curve,
// three groups with pairwise comparisons, a grouping without a difference, Cox screening that keeps
// nothing and a covariate violating proportional hazards — each explanation must adapt and every
// answer must use only the report's own numbers.
import { describe, expect, it } from 'vitest';
import type { DataTable } from '../../tool.js';
import { explain } from '../interpret.js';
import { checked, exampleReportWith, exampleTable } from '../test-helpers.js';

const cohort = exampleTable('survival-cohort');

/** The cohort with an extra grouping column: the first 114 rows “甲”, the rest “乙” (unrelated to survival). */
const withAlternating: DataTable = {
  ...cohort,
  variables: [...cohort.variables, { name: '前后分组', type: 'categorical', valid: cohort.rows, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] }],
  text: (n) => (n === '前后分组' ? Array.from({ length: cohort.rows }, (_, i) => (i < 114 ? '甲' : '乙')) : cohort.text(n)),
};

describe('survival explainers', () => {
  it('Kaplan–Meier without groups: one curve, no test', () => {
    const report = exampleReportWith('kaplan-meier', { group: '' });
    const e = explain(report);
    expect(e.method).toContain('未分组');
    expect(e.nonsignificant).toContain('没有组间比较');
    expect(e.numbers.join('\n')).toContain('总体：228 例');
    checked(report);
  });

  it('Kaplan–Meier with three groups: pairwise comparisons after adjustment', () => {
    const report = exampleReportWith('kaplan-meier', { group: '体能状态', test: 'gehan-breslow' });
    const e = explain(report);
    expect(e.method).toContain('Gehan–Breslow 检验');
    expect(e.numbers.join('\n')).toContain('两两比较（Holm 校正）');
    expect(e.paper).toContain('各组生存曲线差异有统计学意义');
    expect(e.conclusion).toContain('经 Holm 校正的两两比较中');
    checked(report);
  });

  it('Kaplan–Meier: a grouping unrelated to survival reads as non-significant', () => {
    const report = exampleReportWith('kaplan-meier', { group: '前后分组' }, withAlternating);
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const e = explain(report);
    expect(e.conclusion).toContain('差异无统计学意义');
    expect(e.nonsignificant).toContain('不等于生存相同');
    // The two halves swap order between the reported time points: the curves cross.
    expect(e.caveats.join('\n')).toContain('可能交叉');
    checked(report);
  });

  it('Cox regression: screening that keeps nothing leaves no multivariable model', () => {
    const report = exampleReportWith('cox-regression', { x: ['体重下降'], factors: [], selection: 'screen', screenP: 0.05 });
    expect(report.results.p).toBeUndefined();
    const e = explain(report);
    expect(e.conclusion).toContain('没有变量进入多因素模型');
    expect(e.caveats.join('\n')).toContain('按单因素 P 值筛选');
    checked(report);
  });

  it('Cox regression: a covariate violating proportional hazards is named', () => {
    const report = exampleReportWith('cox-regression', { x: ['医生评估KPS'], factors: ['性别'] });
    const zph = report.results['zphP.医生评估KPS'] as number;
    expect(zph).toBeLessThan(0.05);
    const e = explain(report);
    expect(e.caveats.join('\n')).toContain('“医生评估KPS”不满足比例风险假定');
    expect(e.next.join('\n')).toContain('分层 Cox 模型');
    checked(report);
  });

  it('Cox regression: a Breslow fit with a stratum is described as such', () => {
    const report = exampleReportWith('cox-regression', { ties: 'breslow', strata: '性别', factors: ['体能状态'] });
    const e = explain(report);
    expect(e.method).toContain('Breslow');
    expect(e.method).toContain('按“性别”分层');
    checked(report);
  });
});
