// Test helper for the family explainer tests: runs a tool on a table and wraps the output as the
// server stores it, and checks that every answer to the interpreter's questions is grounded and clean.
import type { FieldValue, Report, VariableInfo } from '@labstat/contracts';
import { expect } from 'vitest';
import { exampleParams } from '../example-report.js';
import { EXAMPLE_FILES } from '../examples.js';
import { TOOLS } from '../registry.js';
import { readExampleTable } from '../test-table.js';
import type { DataTable, Tool } from '../tool.js';
import { ungroundedNumbers } from './grounding.js';
import { explain, interpret } from './interpret.js';

/** The questions of interpret.test.ts: one per intent. */
export const QUESTIONS = ['请解读这份报告', '如何在论文中描述这个结果？', '结果不显著意味着什么？', '这个方法的前提条件满足吗？', '效应量有多大？', '下一步还可以做什么分析？', '为什么选择这个方法？'];

export const toolOf = (key: string): Tool => TOOLS.find((t) => t.definition.key === key)!;

/** One of the example CSVs by its key, e.g. 'agreement'. */
export const exampleTable = (key: string): DataTable => readExampleTable(EXAMPLE_FILES.find((e) => e.key === key)!.file);

/** The report of tool `key` on `data` with exactly `params`, as stored (JSON round trip included). */
export function reportOf(key: string, data: DataTable, params: Record<string, FieldValue>): Report {
  const tool = toolOf(key);
  const out = tool.run(data, params);
  const d = tool.definition;
  return JSON.parse(JSON.stringify({ ...out, tool: { key: d.key, name: d.name, version: d.version }, parameters: params, dataFingerprint: 'x', engineVersion: '0', createdAt: 0 })) as Report;
}

/** Like reportOf, with `params` over the tool's field defaults. */
export function reportOnDefaults(key: string, data: DataTable, params: Record<string, FieldValue>): Report {
  const defaults: Record<string, FieldValue> = {};
  for (const f of toolOf(key).definition.steps.flatMap((s) => s.fields)) defaults[f.filed] = f.value ?? null;
  return reportOf(key, data, { ...defaults, ...params });
}

/** The tool's report with its example parameters changed by `overrides`, run on its example file (or on `data`). */
export function exampleReportWith(key: string, overrides: Record<string, FieldValue>, data?: DataTable): Report {
  const tool = toolOf(key);
  const example = exampleTable(tool.definition.example);
  return reportOf(key, data ?? example, { ...exampleParams(tool, example), ...overrides });
}

/** A DataTable from literal columns; unlike columnsTable, text that is not a number reads as missing in numeric(). */
export function tableOf(columns: Record<string, Array<string | number | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables = names.map((name) => {
    const present = columns[name]!.filter((v) => v !== null);
    return { name, type: present.every((v) => typeof v === 'number') ? 'numeric' : 'categorical', valid: present.length, missing: rows - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  }) as unknown as VariableInfo[];
  return {
    rows,
    variables,
    text: (n) => columns[n]!.map((v) => (v === null ? null : String(v))),
    numeric: (n) => columns[n]!.map((v) => (v === null || !Number.isFinite(Number(v)) ? null : Number(v))),
  };
}

/** Every answer is grounded and clean; returns the explanation and the full answer. */
export function checked(report: Report) {
  for (const q of QUESTIONS) {
    const answer = interpret(report, q);
    expect(answer, q).not.toMatch(/undefined|NaN|null|\[object/);
    expect(ungroundedNumbers(answer, report), `${q}\n${answer}`).toEqual([]);
  }
  return { e: explain(report), full: interpret(report, QUESTIONS[0]!) };
}
