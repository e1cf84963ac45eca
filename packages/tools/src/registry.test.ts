// The contract every tool keeps (CONVENTIONS): unique ids, valid defaults, resolvable options, and
// run(example, defaults) gives a schema-valid report.
import { QuestionTemplate, Report } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { unknownCategory, validateParams } from './catalogue.js';
import { exampleParams, exampleReport } from './example-report.js';
import { EXAMPLE_FILES, manualFile, questionsFile } from './examples.js';
import { intentOf } from './interpret/interpret.js';
import { R_SCRIPT_TOOLS, rScript } from './r-code.js';
import { TOOLS } from './registry.js';
import { readExampleTable } from './test-table.js';

describe('tool registry', () => {
  it('has unique ids, keys and field keys, and known examples', () => {
    expect(new Set(TOOLS.map((t) => t.definition.id)).size).toBe(TOOLS.length);
    expect(new Set(TOOLS.map((t) => t.definition.key)).size).toBe(TOOLS.length);
    for (const { definition: d } of TOOLS) {
      const fields = d.steps.flatMap((s) => s.fields);
      expect(new Set(fields.map((f) => f.filed)).size, d.key).toBe(fields.length);
      expect(EXAMPLE_FILES.some((e) => e.key === d.example), d.key).toBe(true);
      for (const s of d.steps) expect(d.stepGroups.some((g) => g.key === s.group), `${d.key}/${s.key}`).toBe(true);
      expect(unknownCategory(d), d.key).toBeNull();
      expect(R_SCRIPT_TOOLS, `${d.key} R script`).toContain(d.key);
      expect(d.categories.length, d.key).toBeGreaterThan(0);
      expect(d.steps.length, d.key).toBeLessThan(49);
      expect(fs.existsSync(manualFile(d.family, d.key)), `${d.key} manual`).toBe(true);
      for (const f of fields) {
        if (f.type === 'input_number') {
          const v = f.value as number;
          if (f.props?.min !== undefined) expect(v, f.filed).toBeGreaterThanOrEqual(f.props.min);
          if (f.props?.max !== undefined) expect(v, f.filed).toBeLessThanOrEqual(f.props.max);
        }
        if (f.type === 'select_single' && !f.columns && f.option) expect(f.option.some((o) => o.value === f.value), f.filed).toBe(true);
        for (const l of f.link_item ?? []) expect(fields.some((g) => g.filed === l.id), `${f.filed} → ${l.id}`).toBe(true);
      }
    }
  });

  it('carries 5–7 AI question templates per tool, with unique titles', () => {
    // z.array(QuestionTemplate).min(5).max(7), built from the schema itself (tools does not depend on zod directly).
    const Questions = QuestionTemplate.array().min(5).max(7);
    for (const { definition: d } of TOOLS) {
      const file = questionsFile(d.family, d.key);
      expect(fs.existsSync(file), `${d.key} questions.json`).toBe(true);
      const parsed = Questions.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      expect(parsed.success, `${d.key}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
      const questions = parsed.success ? parsed.data : [];
      expect(new Set(questions.map((q) => q.title)).size, `${d.key} titles`).toBe(questions.length);
      // Each tool offers the interpreter's core intents: a write-up, a non-significant result, the assumptions.
      const intents = new Set(questions.map((q) => intentOf(q.content)));
      for (const intent of ['paper', 'nonsignificant', 'assumptions'] as const) expect(intents, `${d.key} ${intent}`).toContain(intent);
    }
  });

  for (const tool of TOOLS) {
    it(`${tool.definition.name}: run(example, defaults) is a valid report`, () => {
      const d = tool.definition;
      const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === d.example)!.file);
      const params = exampleParams(tool, table);
      for (const [k, v] of Object.entries(d.exampleParams ?? {})) {
        for (const name of Array.isArray(v) ? v : [v]) if (name !== '') expect(table.variables.some((x) => x.name === name), `${d.key}.${k}`).toBe(true);
      }
      // The server's check accepts what the example preselects.
      expect(validateParams(d, params, table.variables)).toBeTruthy();
      const script = rScript(d.key, params, 'data.csv')!;
      expect(script).toContain('read.csv("data.csv"');
      for (const name of Object.values(d.exampleParams ?? {}).flat()) expect(script, `${d.key} names ${String(name)}`).toContain(String(name));
      // The run on the same example table and parameters, stored as the server stores it (JSON round trip).
      const report = exampleReport(tool);
      expect(() => Report.parse(report)).not.toThrow();
      expect(Object.keys(report.results).length).toBeGreaterThan(0);
    });
  }
});
