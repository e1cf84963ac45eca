// The built-in interpreter on every tool's example report: each question gets an answer, and every
// number in every answer appears in that report (the grounding check finds nothing to mark).
import { describe, expect, it } from 'vitest';
import { exampleReport } from '../example-report.js';
import { TOOLS } from '../registry.js';
import { EXPLAINERS } from './families/index.js';
import { ungroundedNumbers } from './grounding.js';
import { intentOf, interpret } from './interpret.js';

const QUESTIONS = ['请解读这份报告', '如何在论文中描述这个结果？', '结果不显著意味着什么？', '这个方法的前提条件满足吗？', '效应量有多大？', '下一步还可以做什么分析？', '为什么选择这个方法？'];

describe('built-in interpreter', () => {
  it('reads the question', () => {
    expect(QUESTIONS.map(intentOf)).toEqual(['full', 'paper', 'nonsignificant', 'assumptions', 'effect', 'next', 'method']);
  });

  it('has an explainer for every tool', () => {
    expect(TOOLS.map((t) => t.definition.key).filter((k) => !EXPLAINERS[k])).toEqual([]);
  });

  for (const tool of TOOLS) {
    it(`${tool.definition.name}: answers every question with the report's own numbers`, () => {
      const report = exampleReport(tool);
      for (const q of QUESTIONS) {
        const answer = interpret(report, q);
        expect(answer.length, q).toBeGreaterThan(80);
        expect(answer, q).not.toMatch(/undefined|NaN|null|\[object/);
        expect(ungroundedNumbers(answer, report), `${tool.definition.key}: ${q}\n${answer}`).toEqual([]);
      }
    });
  }
});
