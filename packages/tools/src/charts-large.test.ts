// The shared mark budget of large charts (issue 21 "Large data"): a 1,000,000-observation box plot
// and scatter plot draw at most MAX_MARKS marks, keep the extremes, say so, and stay small.
import { describe, expect, it } from 'vitest';
import { boxplotChart, markShares, MAX_MARKS, qqChart, SAMPLE_SEED, scatterChart, thinOutliers } from './charts.js';

const N = 1_000_000;
let seed = 4242;
const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const normal = () => Math.sqrt(-2 * Math.log(rand())) * Math.cos(2 * Math.PI * rand());

/** Point marks an option draws: the data of its scatter series (lines, boxes and areas are one element each). */
const marks = (option: Record<string, unknown>) =>
  (option.series as Array<{ type: string; data: unknown[] }>).filter((s) => s.type === 'scatter').reduce((a, s) => a + s.data.length, 0);

describe('the mark budget of large charts', () => {
  it('shares MAX_MARKS across sets in proportion, exactly, each non-empty set at least one', () => {
    expect(markShares([10, 20])).toEqual([10, 20]);
    expect(markShares([333_334, 333_333, 333_333])).toEqual([334, 333, 333]);
    const s = markShares([1, 999_999, 0, 5]);
    expect(s.reduce((a, b) => a + b, 0)).toBe(MAX_MARKS);
    expect(s[0]).toBe(1);
    expect(s[2]).toBe(0);
    expect(s[3]).toBeGreaterThanOrEqual(1);
  });

  it('thins outliers to the extremes plus a seeded sample', () => {
    const sorted = Array.from({ length: 5000 }, (_, i) => i);
    const t = thinOutliers(sorted, 100);
    expect(t).toHaveLength(100);
    expect(t.slice(0, 10)).toEqual(sorted.slice(0, 10));
    expect(t.slice(-10)).toEqual(sorted.slice(-10));
    expect(t).toEqual([...t].sort((a, b) => a - b));
    expect(thinOutliers(sorted, 100)).toEqual(t);
    expect(thinOutliers(sorted, 100, SAMPLE_SEED + 1)).not.toEqual(t);
    expect(thinOutliers([1, 2, 3], 10)).toEqual([1, 2, 3]);
  });

  it('a 1,000,000-observation box plot draws at most MAX_MARKS outliers, keeps each group\'s extremes and says so', () => {
    const groups = ['对照组', '低剂量组', '高剂量组'].map((name, g) => ({ name, values: Array.from({ length: g === 0 ? N / 2 : N / 4 }, () => 100 + 10 * g + 8 * normal() * (rand() < 0.05 ? 4 : 1)) }));
    expect(groups.reduce((a, g) => a + g.values.length, 0)).toBe(N);
    const block = boxplotChart(groups, { title: '图1 箱线图', yName: '收缩压', points: true, marks: [{ groupA: '对照组', groupB: '高剂量组', p: 1e-9 }] });
    if (block.type !== 'chart') throw new Error('not a chart');
    expect(marks(block.option)).toBe(MAX_MARKS);
    expect(block.title).toMatch(/仅绘制离群值：共 \d+ 个，抽取 1000 个绘制/);
    const drawn = (block.option.series as Array<{ name?: string; data: Array<[number, number]> }>).find((s) => s.name === '离群值')!.data;
    groups.forEach((g, gi) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (const v of g.values) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
      const mine = drawn.filter(([x]) => Math.round(x) === gi).map(([, v]) => v);
      expect(mine).toContain(lo);
      expect(mine).toContain(hi);
    });
    expect(JSON.stringify(block).length).toBeLessThan(100_000);
  });

  it('the jittered observations over a box plot are a seeded sample of MAX_MARKS above it', () => {
    const groups = [{ name: '甲', values: Array.from({ length: 3000 }, () => normal()) }, { name: '乙', values: Array.from({ length: 1000 }, () => normal()) }];
    const block = boxplotChart(groups, { title: '图1', yName: 'y', points: true });
    if (block.type !== 'chart') throw new Error('not a chart');
    expect(marks(block.option)).toBe(MAX_MARKS);
    expect(block.title).toContain(`共 4000 个观测，按固定随机种子抽取 ${MAX_MARKS} 个绘制散点`);
    const small = boxplotChart([{ name: '甲', values: [1, 2, 3, 4] }], { title: '图1', yName: 'y', points: true });
    if (small.type !== 'chart') throw new Error('not a chart');
    expect(marks(small.option)).toBe(4);
    expect(small.title).toBe('图1');
  });

  it('a 1,000,000-point scatter plot draws a seeded sample of MAX_MARKS and says so', () => {
    const pts = (k: number): Array<[number, number]> => Array.from({ length: k }, () => [120 + 15 * normal(), 100 + 8 * normal()]);
    const groups = [{ name: 'A', points: pts(N / 2) }, { name: 'B', points: pts(N / 4) }, { name: 'C', points: pts(N / 4) }];
    const block = scatterChart([], { title: '图1 散点图', xName: 'x', yName: 'y', groups });
    if (block.type !== 'chart') throw new Error('not a chart');
    expect(marks(block.option)).toBe(MAX_MARKS);
    expect(block.title).toContain(`共 ${N} 点，随机抽取 ${MAX_MARKS} 点绘制`);
    const again = scatterChart([], { title: '图1 散点图', xName: 'x', yName: 'y', groups });
    expect(JSON.stringify(again)).toBe(JSON.stringify(block));
    expect(JSON.stringify(block).length).toBeLessThan(100_000);
  });

  it('a large Q-Q plot draws at most MAX_MARKS order statistics', () => {
    const sample = Array.from({ length: 200_000 }, (_, i) => i);
    const block = qqChart([{ name: 'v', theoretical: sample, sample, line: { intercept: 0, slope: 1 } }], { title: '图1' });
    if (block.type !== 'chart') throw new Error('not a chart');
    expect(marks(block.option)).toBe(MAX_MARKS);
  });
});
