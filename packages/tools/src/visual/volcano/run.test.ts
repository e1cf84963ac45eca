import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { MAX_MARKS, MAX_POINTS } from '../../charts.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'volcano')!.file);
const base = { label: '基因', fc: 'log2FC', p: 'P值', fcCut: 1, pCut: 0.05, topN: 10 };
type Series = { name: string; id?: string; data: unknown[] };
const seriesOf = (out: ReturnType<typeof run>) => (out.sections[0]!.blocks[0] as { option: { series: Series[] } }).option.series;

// Reference: r-fixture.R (the same classification and ordering in R).
describe('火山图 against R', () => {
  for (const ref of fixture) {
    it(`counts up/down and picks the top genes as R (|log2FC| ≥ ${ref.fcCut}, P < ${ref.pCut})`, () => {
      const out = run(table, { ...base, fcCut: ref.fcCut, pCut: ref.pCut });
      expect([out.results.n, out.results.up, out.results.down, out.results.notSignificant]).toEqual([ref.n, ref.up, ref.down, ref.ns]);
      expect(out.results.topGenes).toBe(ref.top.join(', '));
      const labelled = seriesOf(out).find((s) => s.name === '标注基因')!.data as Array<{ value: number[] }>;
      labelled.forEach((d, i) => expect(Math.abs(d.value[1]! - ref.topY[i]!)).toBeLessThan(1e-3 * ref.topY[i]!));
    });
  }

  it('draws each class in its own series with the thresholds as dashed lines', () => {
    const s = seriesOf(run(table, base));
    expect(s.map((x) => x.name)).toEqual(['无差异（2150）', '下调（119）', '上调（128）', '标注基因']);
    expect(JSON.stringify(s[0])).toContain('"xAxis":1');
  });
});

describe('火山图 bad input and large data', () => {
  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { ...base, p: '' })).toThrow('请选择 log2FC 列和 P 值列');
    expect(() => run(table, { ...base, p: '平均表达量' })).toThrow('P 值必须在 0 与 1 之间');
    expect(() => run(table, { ...base, pCut: 1.5 })).toThrow('P 值阈值必须在 0 与 1 之间');
  });

  it('samples the non-significant points above 5,000 rows and says so; counts use every row', () => {
    const n = 200_000;
    const big: DataTable = {
      rows: n,
      variables: ['fc', 'p'].map((name) => ({ name, type: 'numeric' as const, valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] })),
      numeric: (name) => Array.from({ length: n }, (_, i) => (name === 'fc' ? Math.sin(i) * 3 : ((i * 7919) % 100_000) / 100_000 + 1e-9)),
      text: () => Array(n).fill(null),
    };
    // Few enough significant rows to draw them all (under four fifths of MAX_MARKS).
    const out = run(big, { fc: 'fc', p: 'p', fcCut: 1, pCut: 0.002, topN: 5 });
    expect((out.results.up as number) + (out.results.down as number)).toBeLessThan(MAX_MARKS * 0.8);
    const drawn = seriesOf(out).filter((s) => s.name !== '标注基因').reduce((a, s) => a + s.data.length, 0);
    expect(drawn).toBeLessThanOrEqual(MAX_MARKS);
    expect((out.results.up as number) + (out.results.down as number) + (out.results.notSignificant as number)).toBe(n);
    expect(JSON.stringify(out.sections)).toContain('按固定种子随机抽取');
    expect(JSON.stringify(out).length).toBeLessThan(300_000);
    // Most rows significant: every class is sampled, still at most MAX_MARKS points.
    const most = run(big, { fc: 'fc', p: 'p', fcCut: 1, pCut: 0.5, topN: 5 });
    expect(seriesOf(most).filter((s) => s.name !== '标注基因').reduce((a, s) => a + s.data.length, 0)).toBeLessThanOrEqual(MAX_MARKS);
    expect((most.results.up as number) + (most.results.down as number)).toBeGreaterThan(MAX_POINTS);
  });
});
