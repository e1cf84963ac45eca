// The regression explainers on second datasets and option branches: a non-significant model, a
// stepwise selection, a user-forced Poisson model on overdispersed counts, a user-given outcome
// order — each explanation must adapt and every answer must use only the report's own numbers.
import type { FieldValue, Report } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { exampleParams } from '../../example-report.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { TOOLS } from '../../registry.js';
import { readExampleTable } from '../../test-table.js';
import { ungroundedNumbers } from '../grounding.js';
import { explain, interpret } from '../interpret.js';

const QUESTIONS = ['请解读这份报告', '如何在论文中描述这个结果？', '结果不显著意味着什么？', '这个方法的前提条件满足吗？', '效应量有多大？', '下一步还可以做什么分析？', '为什么选择这个方法？'];

/** The tool's report on its example file with some parameters changed. */
function reportWith(key: string, overrides: Record<string, FieldValue>): Report {
  const tool = TOOLS.find((t) => t.definition.key === key)!;
  const d = tool.definition;
  const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === d.example)!.file);
  const parameters = { ...exampleParams(tool, table), ...overrides };
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

describe('regression explainers', () => {
  it('linear regression: a non-significant model is read as such', () => {
    const report = reportWith('linear-regression', { x: ['年龄'], factors: [] });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const e = explain(report);
    expect(e.conclusion).toContain('模型无统计学意义');
    expect(e.conclusion).toContain('均无统计学意义');
    expect(e.nonsignificant).toContain('不等于“没有关系”');
    expect(e.numbers.join('\n')).toContain('“年龄”');
    grounded(report);
  });

  it('linear regression: the example names the significant terms with their direction', () => {
    const report = reportWith('linear-regression', {});
    const e = explain(report);
    expect(e.conclusion).toMatch(/“组别”为“试验组”者的“治疗后收缩压”平均比参照类别低 9\.417/);
    expect(e.effect).toContain('Beta');
    grounded(report);
  });

  it('logistic regression: forward stepwise selection is named and warned about', () => {
    const report = reportWith('logistic-regression', { selection: 'forward', criterion: 'p' });
    const e = explain(report);
    expect(e.method).toContain('向前逐步法');
    expect(e.caveats.join('\n')).toContain('逐步法');
    expect(e.next.join('\n')).toContain('敏感性分析');
    grounded(report);
  });

  it('logistic regression: a single non-significant covariate', () => {
    const report = reportWith('logistic-regression', { x: ['母亲年龄'], factors: [] });
    expect(report.results.p as number).toBeGreaterThan(0.05);
    const e = explain(report);
    expect(e.conclusion).toContain('均无统计学意义');
    expect(e.nonsignificant).toContain('不等于证明无关');
    expect(e.numbers.join('\n')).toContain('置信区间包含 1');
    grounded(report);
  });

  it('logistic regression: screening that keeps nothing leaves no multivariable model', () => {
    const report = reportWith('logistic-regression', { x: ['母亲年龄'], factors: [], selection: 'screen', screenP: 0.05 });
    expect(report.results.statistic).toBeUndefined();
    const e = explain(report);
    expect(e.conclusion).toContain('没有变量进入多因素模型');
    grounded(report);
  });

  it('count regression: Poisson forced on overdispersed counts is flagged', () => {
    const report = reportWith('count-regression', { model: 'poisson' });
    expect(report.results.model).toBe('poisson');
    const e = explain(report);
    expect(e.method).toContain('用户指定为 Poisson 回归');
    expect(e.caveats.join('\n')).toContain('标准误被低估');
    grounded(report);
  });

  it('count regression: the automatic choice explains the overdispersion test', () => {
    const report = reportWith('count-regression', {});
    const e = explain(report);
    expect(e.method).toContain('故采用负二项回归');
    expect(e.caveats.join('\n')).toContain('未设偏移量');
    grounded(report);
  });

  it('ordinal regression: a user-given order drops the order warning, the Brant failure stays', () => {
    const report = reportWith('ordinal-logistic', { order: '未就业,兼职,全职' });
    const e = explain(report);
    expect(e.caveats.join('\n')).not.toContain('未指定等级顺序');
    expect(e.caveats.join('\n')).toContain('平行线检验');
    grounded(report);
  });

  it('multinomial regression: another reference category', () => {
    const report = reportWith('multinomial-logistic', { outcomeReference: '全职' });
    const e = explain(report);
    expect(e.method).toContain('以“全职”为参照类别');
    expect(e.caveats.join('\n')).toContain('IIA');
    grounded(report);
  });
});
