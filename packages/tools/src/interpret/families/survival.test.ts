// The survival explainers on second datasets and option branches: an ungrouped Kaplan–Meier curve,
// three groups with pairwise comparisons, a grouping without a difference, Cox screening that keeps
// nothing and a covariate violating proportional hazards — each explanation must adapt and every
// answer must use only the report's own numbers.
import type { FieldValue, Report } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { exampleParams } from '../../example-report.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { TOOLS } from '../../registry.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { ungroundedNumbers } from '../grounding.js';
import { explain, interpret } from '../interpret.js';

const QUESTIONS = ['请解读这份报告', '如何在论文中描述这个结果？', '结果不显著意味着什么？', '这个方法的前提条件满足吗？', '效应量有多大？', '下一步还可以做什么分析？', '为什么选择这个方法？'];
const cohort = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'survival-cohort')!.file);

/** The cohort with an extra grouping column: the first 114 rows “甲”, the rest “乙” (unrelated to survival). */
const withAlternating: DataTable = {
  ...cohort,
  variables: [...cohort.variables, { name: '前后分组', type: 'categorical', valid: cohort.rows, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] }],
  text: (n) => (n === '前后分组' ? Array.from({ length: cohort.rows }, (_, i) => (i < 114 ? '甲' : '乙')) : cohort.text(n)),
};

function reportWith(key: string, overrides: Record<string, FieldValue>, table: DataTable = cohort): Report {
  const tool = TOOLS.find((t) => t.definition.key === key)!;
  const d = tool.definition;
  const parameters = { ...exampleParams(tool, cohort), ...overrides };
  const out = tool.run(table, parameters);
  return JSON.parse(JSON.stringify({ ...out, tool: { key: d.key, name: d.name, version: d.version }, parameters, dataFingerprint: 'x', engineVersion: '0', createdAt: 0 })) as Report;
}

function grounded(report: Report) {
  for (const q of QUESTIONS) {
    const answer = interpret(report, q);
    expect(answer, q).not.toMatch(/undefined|NaN|null|\[object/);
    expect(ungroundedNumbers(answer, report), `${q}\n${answer}`).toEqual([]);
  }
}

describe('survival explainers', () => {
  it('Kaplan–Meier without groups: one curve, no test', () => {
    const report = reportWith('kaplan-meier', { group: '' });
    const e = explain(report);
    expect(e.method).toContain('未分组');
    expect(e.nonsignificant).toContain('没有组间比较');
    expect(e.numbers.join('\n')).toContain('总体：228 例');
    grounded(report);
  });

  it('Kaplan–Meier with three groups: pairwise comparisons after adjustment', () => {
    const report = reportWith('kaplan-meier', { group: '体能状态', test: 'gehan-breslow' });
    const e = explain(report);
    expect(e.method).toContain('Gehan–Breslow 检验');
    expect(e.numbers.join('\n')).toContain('两两比较（Holm 校正）');
    expect(e.paper).toContain('各组生存曲线差异有统计学意义');
    expect(e.conclusion).toContain('经 Holm 校正的两两比较中');
    grounded(report);
  });

  it('Kaplan–Meier: a grouping unrelated to survival reads as non-significant', () => {
    const report = reportWith('kaplan-meier', { group: '前后分组' }, withAlternating);
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const e = explain(report);
    expect(e.conclusion).toContain('差异无统计学意义');
    expect(e.nonsignificant).toContain('不等于生存相同');
    // The two halves swap order between the reported time points: the curves cross.
    expect(e.caveats.join('\n')).toContain('可能交叉');
    grounded(report);
  });

  it('Cox regression: screening that keeps nothing leaves no multivariable model', () => {
    const report = reportWith('cox-regression', { x: ['体重下降'], factors: [], selection: 'screen', screenP: 0.05 });
    expect(report.results.p).toBeUndefined();
    const e = explain(report);
    expect(e.conclusion).toContain('没有变量进入多因素模型');
    expect(e.caveats.join('\n')).toContain('按单因素 P 值筛选');
    grounded(report);
  });

  it('Cox regression: a covariate violating proportional hazards is named', () => {
    const report = reportWith('cox-regression', { x: ['医生评估KPS'], factors: ['性别'] });
    const zph = report.results['zphP.医生评估KPS'] as number;
    expect(zph).toBeLessThan(0.05);
    const e = explain(report);
    expect(e.caveats.join('\n')).toContain('“医生评估KPS”不满足比例风险假定');
    expect(e.next.join('\n')).toContain('分层 Cox 模型');
    grounded(report);
  });

  it('Cox regression: a Breslow fit with a stratum is described as such', () => {
    const report = reportWith('cox-regression', { ties: 'breslow', strata: '性别', factors: ['体能状态'] });
    const e = explain(report);
    expect(e.method).toContain('Breslow');
    expect(e.method).toContain('按“性别”分层');
    grounded(report);
  });
});
