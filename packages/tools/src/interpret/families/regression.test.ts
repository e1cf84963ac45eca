// The regression explainers on second datasets and option branches: a non-significant model, a
// stepwise selection, a user-forced Poisson model on overdispersed counts, a user-given outcome
// order — each explanation must adapt and every answer must use only the report's own numbers.
import { describe, expect, it } from 'vitest';
import { explain } from '../interpret.js';
import { checked, exampleReportWith } from '../test-helpers.js';

describe('regression explainers', () => {
  it('linear regression: a non-significant model is read as such', () => {
    const report = exampleReportWith('linear-regression', { x: ['年龄'], factors: [] });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const e = explain(report);
    expect(e.conclusion).toContain('模型无统计学意义');
    expect(e.conclusion).toContain('均无统计学意义');
    expect(e.nonsignificant).toContain('不等于“没有关系”');
    expect(e.numbers.join('\n')).toContain('“年龄”');
    checked(report);
  });

  it('linear regression: the example names the significant terms with their direction', () => {
    const report = exampleReportWith('linear-regression', {});
    const e = explain(report);
    expect(e.conclusion).toMatch(/“组别”为“试验组”者的“治疗后收缩压”平均比参照类别低 9\.417/);
    expect(e.effect).toContain('Beta');
    checked(report);
  });

  it('logistic regression: forward stepwise selection is named and warned about', () => {
    const report = exampleReportWith('logistic-regression', { selection: 'forward', criterion: 'p' });
    const e = explain(report);
    expect(e.method).toContain('向前逐步法');
    expect(e.caveats.join('\n')).toContain('逐步法');
    expect(e.next.join('\n')).toContain('敏感性分析');
    checked(report);
  });

  it('logistic regression: a single non-significant covariate', () => {
    const report = exampleReportWith('logistic-regression', { x: ['母亲年龄'], factors: [] });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const e = explain(report);
    expect(e.conclusion).toContain('均无统计学意义');
    expect(e.nonsignificant).toContain('不等于证明无关');
    expect(e.numbers.join('\n')).toContain('置信区间包含 1');
    checked(report);
  });

  it('logistic regression: screening that keeps nothing leaves no multivariable model', () => {
    const report = exampleReportWith('logistic-regression', { x: ['母亲年龄'], factors: [], selection: 'screen', screenP: 0.05 });
    expect(report.results.statistic).toBeUndefined();
    const e = explain(report);
    expect(e.conclusion).toContain('没有变量进入多因素模型');
    checked(report);
  });

  it('count regression: Poisson forced on overdispersed counts is flagged', () => {
    const report = exampleReportWith('count-regression', { model: 'poisson' });
    expect(report.results.model).toBe('poisson');
    const e = explain(report);
    expect(e.method).toContain('用户指定为 Poisson 回归');
    expect(e.caveats.join('\n')).toContain('标准误被低估');
    checked(report);
  });

  it('count regression: the automatic choice explains the overdispersion test', () => {
    const report = exampleReportWith('count-regression', {});
    const e = explain(report);
    expect(e.method).toContain('故采用负二项回归');
    expect(e.caveats.join('\n')).toContain('未设偏移量');
    checked(report);
  });

  it('ordinal regression: a user-given order drops the order warning, the Brant failure stays', () => {
    const report = exampleReportWith('ordinal-logistic', { order: '未就业,兼职,全职' });
    const e = explain(report);
    expect(e.caveats.join('\n')).not.toContain('未指定等级顺序');
    expect(e.caveats.join('\n')).toContain('平行线检验');
    checked(report);
  });

  it('multinomial regression: another reference category', () => {
    const report = exampleReportWith('multinomial-logistic', { outcomeReference: '全职' });
    const e = explain(report);
    expect(e.method).toContain('以“全职”为参照类别');
    expect(e.caveats.join('\n')).toContain('IIA');
    checked(report);
  });
});
