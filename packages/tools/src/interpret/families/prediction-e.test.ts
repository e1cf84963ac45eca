// The propensity-score explainers on option branches: unmatched treated units, matching with
// replacement, a covariate left imbalanced, ATT weights with truncation — each explanation adapts
// and every answer uses only the report's own numbers.
import { describe, expect, it } from 'vitest';
import { explain } from '../interpret.js';
import { checked, exampleReportWith } from '../test-helpers.js';

describe('propensity-score explainers', () => {
  it('PSM: a narrow caliper leaves treated units unmatched, and the explanation says so', () => {
    const report = exampleReportWith('psm', { caliper: 0.02 });
    expect(report.results.unmatchedTreated as number).toBeGreaterThan(0);
    const e = explain(report);
    expect(e.numbers[0]).toContain('未找到合适对照');
    expect(e.conclusion).toContain('未被匹配');
    checked(report);
  });

  it('PSM: 1:2 with replacement warns about the matching weights', () => {
    const report = exampleReportWith('psm', { ratio: 2, replace: true });
    expect(explain(report).caveats.join('\n')).toContain('匹配权重');
    checked(report);
  });

  it('PSM: 1:1 on the PS without a caliper leaves covariates imbalanced and names them', () => {
    const report = exampleReportWith('psm', { distance: 'ps', caliper: 0 });
    const e = explain(report);
    expect(e.numbers[1]).toContain('仍 ≥ 0.1');
    expect(e.numbers[1]).toContain('年龄');
    expect(e.conclusion).toContain('不均衡');
    checked(report);
  });

  it('IPTW: ATT weights truncated at the 5th and 95th percentiles', () => {
    const report = exampleReportWith('iptw', { estimand: 'ATT', truncate: '95' });
    const e = explain(report);
    expect(e.method).toContain('ATT');
    expect(e.method).toContain('截断');
    checked(report);
  });
});
