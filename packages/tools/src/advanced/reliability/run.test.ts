// 信度分析 on its example against packages/stats/fixtures/make-advanced-b.R (psych::alpha, factanal,
// split halves from R's var/cor), A3 and A6 reverse-keyed; 1e-8 relative; then the refusals.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { Params } from '../../tool.js';
import { nearTo, numericTable, readStatsFixture } from '../run-test-setup.js';
import { run } from './run.js';

const R = readStatsFixture('advanced-b.json').reliability;
const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'anxiety-scale')!.file);
const ITEMS = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'];
const base: Params = { items: ITEMS, reverse: ['A3', 'A6'], split: 'first-second', level: 0.95 };
const close = nearTo(1e-8);

describe('信度分析', () => {
  it('agrees with psych::alpha, factanal ω and the split halves of R', () => {
    const out = run(table, base);
    const r = out.results;
    expect(r.n).toBe(R.n);
    expect(r.excluded).toBe(R.excluded);
    close(r.alpha, R.alpha, 'alpha');
    close(r.standardizedAlpha, R.stdAlpha, 'std alpha');
    close(r.averageCorrelation, R.averageR, 'average r');
    ITEMS.forEach((v, j) => {
      close(r[`citc.${v}`], R.rDrop[j], `r.drop ${v}`);
      close(r[`alphaIfDeleted.${v}`], R.alphaDrop[j], `alpha.drop ${v}`);
    });
    // ω from factanal's ML loadings: the two optimisers agree to about 1e-6.
    close(r.omega, R.omega, 'omega', 1e-5);
    close(r.splitCorrelation, R.firstSecond.r, 'split r');
    close(r.spearmanBrown, R.firstSecond.sb, 'Spearman–Brown');
    close(r.guttman, R.firstSecond.guttman, 'Guttman');
    const odd = run(table, { ...base, split: 'odd-even' }).results;
    close(odd.spearmanBrown, R.oddEven.sb, 'odd-even Spearman–Brown');
    close(odd.guttman, R.oddEven.guttman, 'odd-even Guttman');
    // Table 2 prints the scale mean and variance if deleted as SPSS.
    const t2 = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表2'));
    if (t2?.type !== 'table') throw new Error('表2 missing');
    t2.rows.forEach((row, j) => {
      expect(row[0]).toBe(j === 2 || j === 5 ? `${ITEMS[j]}（反向）` : ITEMS[j]);
      close(row[3], Number(R.scaleMeanDrop[j].toFixed(3)), 'scale mean if deleted', 1e-12);
      close(row[4], Number(R.scaleVarDrop[j].toFixed(3)), 'scale variance if deleted', 1e-12);
    });
  });

  it('without reversing, the reverse-keyed items correlate negatively and the report says so', () => {
    const out = run(table, { ...base, reverse: [] });
    expect(out.results.alpha as number).toBeLessThan(R.alpha - 0.1);
    expect((out.results['citc.A3'] as number) < 0).toBe(true);
    const conclusion = out.sections.find((s) => s.title === '结论')!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown.includes('反向')).toBe(true);
  });

  it('an odd number of items uses the unequal-length Spearman–Brown', () => {
    const r = run(table, { ...base, items: ITEMS.slice(0, 7), reverse: ['A3', 'A6'] }).results;
    expect(r.spearmanBrownUnequal).not.toBe(r.spearmanBrown);
    const rr = r.splitCorrelation as number;
    const w = (4 * 3) / 49;
    close(r.spearmanBrownUnequal, (Math.sqrt(rr ** 4 + 4 * rr * rr * (1 - rr * rr) * w) - rr * rr) / (2 * (1 - rr * rr) * w), 'SB unequal');
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...base, items: ['A1'] })).toThrow(/至少选择 2 个/);
    expect(() => run(table, { ...base, reverse: ['性别'] })).toThrow(/不在所选的量表条目中/);
    const constant = numericTable({ a: [1, 2, 3, 4, 5, 2], b: [2, 3, 3, 5, 4, 1], c: [3, 3, 3, 3, 3, 3] });
    expect(() => run(constant, { items: ['a', 'b', 'c'], reverse: [] })).toThrow(/“c”的取值全部相同/);
    const a = [1, 2, 3, 4, 5, 2, 3, 4, 1, 5];
    const c = [2, 3, 1, 5, 4, 2, 5, 3, 1, 4];
    const total = numericTable({ a, c, 总分: a.map((v, i) => v + c[i]!), d: [3, 3, 2, 5, 4, 1, 4, 4, 2, 5] });
    expect(() => run(total, { items: ['a', 'c', '总分', 'd'], reverse: [] })).toThrow(/相关矩阵奇异：“a”、“c”、“总分”与其他条目线性相关/);
    const few = numericTable({ a: [1, 2, 3], b: [2, 3, 1], c: [3, 1, 2] });
    expect(() => run(few, { items: ['a', 'b', 'c'], reverse: [] })).toThrow(/不多于条目数/);
  });
});
