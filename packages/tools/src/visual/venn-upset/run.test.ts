import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { regionAnchors, vennShapes } from './layout.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'venn-upset')!.file);
type Ref = { sets: string[]; sizes: number[]; union: number; counts: Record<string, number>; excluded?: number };

/** Every exclusive region of the report against R's table (regions R does not list are 0). */
function expectRegions(out: ReturnType<typeof run>, ref: Ref) {
  expect(out.results.union).toBe(ref.union);
  ref.sets.forEach((s, j) => expect(out.results[`size.${s}`], s).toBe(ref.sizes[j]));
  const only = Object.entries(out.results).filter(([k]) => k.startsWith('only.'));
  expect(only).toHaveLength(2 ** ref.sets.length - 1);
  for (const [k, v] of only) expect(v, k).toBe(ref.counts[k.slice(5)] ?? 0);
}

// Reference: r-fixture.R (table() of the membership patterns in R).
describe('韦恩图与 UpSet 图 against R', () => {
  for (const ref of fixture.membership as Ref[]) {
    it(`counts every region of ${ref.sets.length} sets as R`, () => {
      const out = run(table, { mode: 'membership', vars: ref.sets, venn: true });
      expectRegions(out, ref);
      expect(out.results.excluded).toBe(ref.excluded);
      const upset = out.sections[0]!.blocks[1] as { option: { series: Array<{ data: unknown[] }> } };
      expect(upset.option.series[0]!.data).toEqual(Object.values(ref.counts).sort((a, b) => b - a));
    });
  }

  it('reads item lists as R', () => {
    const ref = fixture.lists as Ref;
    // The example's patients with each condition, as three columns of IDs of different lengths.
    const ids = ref.sets.map((v) => table.text('患者编号').filter((_, i) => table.text(v)[i] === '1'));
    const n = Math.max(...ids.map((x) => x.length));
    const lists: DataTable = {
      rows: n,
      variables: ref.sets.map((name) => ({ name, type: 'categorical' as const, valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] })),
      numeric: () => Array(n).fill(null),
      text: (name) => Array.from({ length: n }, (_, i) => ids[ref.sets.indexOf(name)]![i] ?? null),
    };
    expectRegions(run(lists, { mode: 'lists', vars: ref.sets }), ref);
  });

  it('lays out every region of 2–5 sets with room for its count', () => {
    for (const k of [2, 3, 4, 5]) {
      const anchors = regionAnchors(vennShapes(k), 2);
      expect(anchors.size, `${k} sets`).toBe(2 ** k - 1);
      for (const a of anchors.values()) expect(a.room, `${k} sets`).toBeGreaterThan(k === 5 ? 7 : 10);
    }
  });

  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { mode: 'membership', vars: ['高血压'] })).toThrow('请选择 2~5 个集合列');
    expect(() => run(table, { mode: 'membership', vars: ['高血压', '年龄'] })).toThrow('不是 1/0');
  });
});
