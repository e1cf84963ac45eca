import { describe, expect, it } from 'vitest';
import { MAX_MARKS } from '../../charts.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { pretty } from '../shared/kde.js';
import { histogram, run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'scatter-matrix')!.file);
const base = { vars: fixture.vars, group: '性别', method: 'pearson' };

// Reference: r-fixture.R (hist, pretty, cor.test).
describe('散点图矩阵 against R', () => {
  it('bins each variable as R hist() and pretty()', () => {
    for (const v of fixture.vars) {
      const h = histogram(table.numeric(v).filter((x): x is number => x !== null));
      const ref = (fixture.hist as Record<string, { breaks: number[]; counts: number[] }>)[v]!;
      expect(h, v).toEqual(ref);
    }
    for (const c of fixture.pretty) expect(pretty(c.lo, c.up, c.n), `${c.lo}..${c.up}`).toEqual(c.breaks);
  });

  it('gives R pairwise r and P, Pearson and Spearman', () => {
    for (const method of ['pearson', 'spearman'] as const) {
      const out = run(table, { ...base, method });
      for (const c of fixture.cor.filter((x) => x.method === method)) {
        expect(Math.abs((out.results[`r.${c.a} ~ ${c.b}`] as number) - c.r)).toBeLessThan(1e-10);
        expect(Math.abs((out.results[`p.${c.a} ~ ${c.b}`] as number) - c.p)).toBeLessThanOrEqual(1e-6 * c.p + 1e-300);
      }
    }
  });

  it('draws k × k panels: histograms, scatter below, r above with switchable stars', () => {
    const out = run(table, base);
    const opt = (out.sections[0]!.blocks[0] as { option: { grid: unknown[]; series: Array<{ type: string; id?: string; name: string }> } }).option;
    expect(opt.grid).toHaveLength(36);
    expect(opt.series.filter((s) => s.type === 'bar')).toHaveLength(6);
    expect(opt.series.filter((s) => s.name === '相关系数')).toHaveLength(15);
    expect(opt.series.filter((s) => s.id?.startsWith('sig'))).toHaveLength(out.results.significantPairs as number);
    expect(opt.series.filter((s) => s.type === 'scatter' && (s.name === '男' || s.name === '女'))).toHaveLength(30);
  });

  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { ...base, vars: ['年龄'] })).toThrow('请至少选择 2 个变量');
    expect(() => run(table, { ...base, vars: ['年龄', 'BMI', '腰围', '收缩压', '空腹血糖', '甘油三酯', '编号'] })).toThrow('最多 6 个变量');
  });

  it('samples scatter points above 5,000 rows and says so; r uses every row', () => {
    const n = 60_000;
    const big: DataTable = {
      rows: n,
      variables: ['a', 'b', 'c'].map((name) => ({ name, type: 'numeric' as const, valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] })),
      numeric: (name) => Array.from({ length: n }, (_, i) => (name === 'a' ? i % 101 : name === 'b' ? (i % 101) + ((i * 13) % 7) : (i * 17) % 23)),
      text: () => Array(n).fill(null),
    };
    const out = run(big, { vars: ['a', 'b', 'c'], method: 'pearson' });
    expect(out.results['n.a ~ b']).toBe(n);
    const pts = (out.sections[0]!.blocks[0] as { option: { series: Array<{ type: string; name: string; data: unknown[] }> } }).option.series.filter((s) => s.name === '观测值');
    // Three lower panels share MAX_MARKS points.
    const rows = Math.floor(MAX_MARKS / 3);
    for (const s of pts) expect(s.data).toHaveLength(rows);
    expect(pts.reduce((a, s) => a + s.data.length, 0)).toBeLessThanOrEqual(MAX_MARKS);
    expect(JSON.stringify(out.sections)).toContain(`按固定种子随机抽取 ${rows} 行`);
    expect(JSON.stringify(out).length).toBeLessThan(600_000);
  });
});
