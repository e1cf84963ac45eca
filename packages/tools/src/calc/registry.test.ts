// The contract test of the calculation tools (CONVENTIONS): ids unique, a manual and an R fixture in
// every folder, the example and defaults give a schema-valid result, bad tables get Chinese messages.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalcParamsData, CalcTreeNode, ReportSection } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { ToolInputError } from '../tool.js';
import { CALC_TOOLS, calcParams, calcTree, runCalcTool } from './registry.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('calculation tool registry', () => {
  it('has unique ids in 4001–4899 and keys equal to their folders', () => {
    const ids = CALC_TOOLS.map((t) => t.definition.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { definition: d } of CALC_TOOLS) {
      expect(d.id).toBeGreaterThanOrEqual(4001);
      expect(d.id).toBeLessThanOrEqual(4899);
      expect(fs.existsSync(path.join(here, d.key, 'definition.ts')), d.key).toBe(true);
      expect(fs.readFileSync(path.join(here, d.key, 'manual.md'), 'utf8').length, `${d.key} manual`).toBeGreaterThan(200);
      expect(fs.existsSync(path.join(here, d.key, 'r-fixture.json')), `${d.key} R fixture`).toBe(true);
      expect(d.categories.length).toBeGreaterThan(0);
    }
  });

  it('builds a tree whose leaves are every tool, once', () => {
    const tree = calcTree();
    const leaves: CalcTreeNode[] = [];
    const walk = (ns: CalcTreeNode[]) => ns.forEach((n) => (n.clickable ? leaves.push(n) : walk(n.children)));
    walk(tree);
    expect(leaves.map((l) => l.id).sort()).toEqual(CALC_TOOLS.map((t) => t.definition.id).sort());
    for (const n of tree) expect(CalcTreeNode.safeParse(n).success).toBe(true);
  });

  for (const tool of CALC_TOOLS) {
    const d = tool.definition;
    it(`${d.id} ${d.name}: the example with defaults gives a valid result`, () => {
      const p = calcParams(tool);
      expect(CalcParamsData.safeParse({ ...p, manual_url: '/x' }).success).toBe(true);
      const form = Object.fromEntries(p.params.map((f) => [f.filed, f.value]));
      const out = runCalcTool(tool, p.example_data.data, form);
      expect(out.title.length).toBeGreaterThan(0);
      for (const s of out.sections) expect(ReportSection.safeParse(s).success).toBe(true);
      for (const v of Object.values(out.results)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
      expect(out.sections.some((s) => s.blocks.some((b) => b.type === 'code'))).toBe(true);
      if (d.table) {
        expect(() => runCalcTool(tool, [], form)).toThrow(ToolInputError);
        expect(() => runCalcTool(tool, [Object.fromEntries(d.table!.columns.map((c) => [c.value, '']))], form)).toThrow('表格中没有数据');
      }
    });
  }
});
