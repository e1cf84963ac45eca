// The built-in interpreter on every tool's example report: each question gets an answer, and every
// number in every answer appears in that report (the grounding check finds nothing to mark).
import { describe, expect, it } from 'vitest';
import { exampleReport } from '../example-report.js';
import { TOOLS } from '../registry.js';
import { EXPLAINERS } from './families/index.js';
import { ungroundedNumbers } from './grounding.js';
import { intentOf, interpret } from './interpret.js';
import { QUESTIONS, exampleReportWith } from './test-helpers.js';

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

describe('confidence levels that are not whole percents', () => {
  it('writes 97.5% as the reports print it, in every family that reads the level', () => {
    for (const tool of TOOLS) {
      const fields = tool.definition.steps.flatMap((s) => s.fields);
      if (!fields.some((f) => f.filed === 'level')) continue;
      const report = exampleReportWith(tool.definition.key, { level: 0.975 });
      const printsRounded = /(?<![\d.])98%/.test(JSON.stringify(report.sections));
      for (const q of QUESTIONS) {
        const answer = interpret(report, q);
        expect(ungroundedNumbers(answer, report), `${tool.definition.key}: ${q}`).toEqual([]);
        // Rounded to a whole percent it would read 98%, a level the report never used.
        if (!printsRounded) expect(answer, `${tool.definition.key}: ${q}`).not.toMatch(/(?<![\d.])98%/);
      }
    }
  });
});
