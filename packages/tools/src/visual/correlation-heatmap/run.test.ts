import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'correlation-heatmap')!.file);
const vars = fixture.names;
const base = { vars, method: 'pearson', order: 'cluster', linkage: 'complete', triangle: 'lower', labels: true };
const rel = (a: unknown, b: number, tol: number) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(tol * Math.max(Math.abs(b), 1e-300));

// Reference: r-fixture.R (cor, cor.test, hclust(as.dist(1 - r))).
describe('相关热图 against R', () => {
  for (const method of ['pearson', 'spearman'] as const) {
    it(`gives R's ${method} r and P for every pair, and R's cluster order`, () => {
      const ref = fixture[method];
      for (const linkage of ['complete', 'average'] as const) {
        const out = run(table, { ...base, method, linkage });
        expect(out.results.order).toBe(ref[linkage].join(', '));
        for (let i = 0; i < vars.length; i++)
          for (let j = i + 1; j < vars.length; j++) {
            rel(out.results[`r.${vars[i]} ~ ${vars[j]}`], ref.r[i]![j]!, 1e-10);
            rel(out.results[`p.${vars[i]} ~ ${vars[j]}`], ref.p[i]![j]!, 1e-6);
          }
      }
    });
  }

  it('draws the lower triangle with stars in a switchable series and the tree above', () => {
    const out = run(table, base);
    const opt = (out.sections[0]!.blocks[0] as { option: { series: Array<{ type: string; id?: string; data: unknown[] }> } }).option;
    const k = vars.length;
    expect(opt.series[0]!.data).toHaveLength((k * (k + 1)) / 2);
    const sig = opt.series.find((s) => s.id === 'sigStars')!;
    expect(sig.data).toHaveLength(out.results.significantPairs as number);
    expect(opt.series.find((s) => s.type === 'lines')!.data).toHaveLength(k - 1);
    const full = run(table, { ...base, triangle: 'full', order: 'original' });
    expect(full.results.order).toBe(vars.join(', '));
    expect((full.sections[0]!.blocks[0] as { option: { series: Array<{ data: unknown[] }> } }).option.series[0]!.data).toHaveLength(k * k);
  });

  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { ...base, vars: ['年龄', 'BMI'] })).toThrow('请至少选择 3 个分析变量');
    expect(() => run(table, { ...base, vars: ['年龄', 'BMI', '年龄'] })).toThrow('重复');
    expect(() => run(table, { ...base, vars: ['年龄', 'BMI', '血钾'] })).toThrow('数据中没有变量“血钾”');
  });
});
