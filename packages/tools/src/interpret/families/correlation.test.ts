// The correlation explainers on second datasets: a Spearman matrix, the guided flow choosing
// Spearman for a skewed variable, and a scatter plot without its line. Each explanation must follow
// the report's branch and every answer must use the report's numbers only.
import type { FieldValue, Report } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../registry.js';
import { columnsTable } from '../../small_process/test-data.js';
import type { DataTable } from '../../tool.js';
import { ungroundedNumbers } from '../grounding.js';
import { explain, interpret } from '../interpret.js';

const QUESTIONS = ['请解读这份报告', '如何在论文中描述这个结果？', '结果不显著意味着什么？', '这个方法的前提条件满足吗？', '效应量有多大？', '下一步还可以做什么分析？', '为什么选择这个方法？'];

function reportOf(key: string, data: DataTable, params: Record<string, FieldValue>): Report {
  const tool = TOOLS.find((t) => t.definition.key === key)!;
  const defaults: Record<string, FieldValue> = {};
  for (const f of tool.definition.steps.flatMap((s) => s.fields)) defaults[f.filed] = f.value ?? null;
  const parameters = { ...defaults, ...params };
  const out = tool.run(data, parameters);
  const d = tool.definition;
  return JSON.parse(JSON.stringify({ ...out, tool: { key: d.key, name: d.name, version: d.version }, parameters, dataFingerprint: 'x', engineVersion: '0', createdAt: 0 })) as Report;
}

function expectGrounded(report: Report) {
  for (const q of QUESTIONS) {
    const answer = interpret(report, q);
    expect(answer, q).not.toMatch(/undefined|NaN|null|\[object/);
    expect(ungroundedNumbers(answer, report), `${q}\n${answer}`).toEqual([]);
  }
}

// Deterministic data: a skewed x (cubes) and a y that rises with it, plus an unrelated z.
const idx = Array.from({ length: 30 }, (_, i) => i + 1);
const x = idx.map((i) => i ** 3);
const y = idx.map((i) => 2 * i + ((i * 7) % 5));
const z = idx.map((i) => (i * 13) % 11);

describe('correlation explainers', () => {
  it('相关分析: three variables with Spearman give a matrix reading', () => {
    const report = reportOf('correlation', columnsTable({ x, y, z }), { vars: ['x', 'y', 'z'], method: 'spearman' });
    const e = explain(report);
    expect(e.method).toContain('Spearman 秩相关');
    expect(e.method).toContain('两两');
    expect(e.conclusion).toContain('x与y');
    expect(e.caveats.join('')).toContain('成对删除');
    expectGrounded(report);
  });

  it('相关分析: an unrelated pair is read as non-significant', () => {
    const report = reportOf('correlation', columnsTable({ y: y.slice(0, 20), z: z.slice(0, 20) }), { vars: ['y', 'z'], method: 'pearson' });
    const e = explain(report);
    expect(e.conclusion).toContain('未发现');
    expect(e.caveats.join('')).toContain('n < 30');
    expectGrounded(report);
  });

  it('相关分析 flow: a skewed variable sends the flow to Spearman and the path says why', () => {
    const report = reportOf('flow-correlation', columnsTable({ x, y }), { x: 'x', y: 'y' });
    expect(report.results.chosenTest).toBe('spearman');
    const e = explain(report);
    expect(e.method).toContain('引导流程');
    expect(e.method).toContain('改用 Spearman 秩相关');
    expect(e.method).toMatch(/x.*偏离正态/);
    expect(e.caveats.join('')).toContain('单调关系');
    expectGrounded(report);
  });

  it('散点图: no line drawn and no groups', () => {
    const report = reportOf('scatter', columnsTable({ y, z }), { x: 'y', y: 'z', fit: false });
    const e = explain(report);
    expect(e.caveats.join('')).toContain('未显示拟合线');
    expect(e.caveats.join('')).not.toContain('着色');
    expect(e.method).not.toContain('置信带');
    expectGrounded(report);
  });
});
