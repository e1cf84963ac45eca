// 聚类分析 on its example against packages/stats/fixtures/make-advanced-b.R: R's kmeans (nstart = 50;
// same optimal partition up to labels, tot.withinss 1e-8), cluster::silhouette (1e-10), hclust heights
// (1e-10) and cutree memberships (exact), cut by height; the new data file; the refusals.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { Params } from '../../tool.js';
import { nearTo, numericTable, readStatsFixture } from '../run-test-setup.js';
import { silhouette } from '@labstat/stats';
import { run, SILHOUETTE_SAMPLE_N } from './run.js';

const R = readStatsFixture('advanced-b.json').cluster;
const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'metabolic-cluster')!.file);
const X = ['BMI', '腰围(cm)', '收缩压(mmHg)', '空腹血糖(mmol/L)', '甘油三酯(mmol/L)', 'HDL-C(mmol/L)'];
const base: Params = { x: X, method: 'kmeans', k: 3, height: 0, kmax: 8, standardize: true, seed: 2024, starts: 25 };
const close = nearTo();

/** The two partitions are the same up to the numbering of the clusters. */
function samePartition(a: readonly unknown[], b: readonly number[]): void {
  const map = new Map<unknown, number>();
  a.forEach((c, i) => {
    if (!map.has(c)) map.set(c, b[i]!);
    expect(map.get(c), `row ${i}`).toBe(b[i]);
  });
  expect(new Set(map.values()).size).toBe(map.size);
}

describe('聚类分析', () => {
  it('k-means finds R’s optimal partition, its within SS and silhouettes; membership saved as a column', () => {
    const out = run(table, base);
    const r = out.results;
    expect(r.n).toBe(R.n);
    expect(r.excluded).toBe(R.excluded);
    close(r.totss, R.totss, 'totss', 1e-10);
    close(r.totWithinss, R.totWithinss[1], 'tot.withinss k = 3', 1e-8);
    [2, 3, 4].forEach((k) => close(r[`wss.k${k}`], R.totWithinss[k - 2], `tot.withinss k = ${k}`, 1e-8));
    close(r.silhouette, R.kmeans3Silhouette, 'silhouette', 1e-10);
    close(r[`silhouette.k2`], R.silhouetteByK[0], 'silhouette k = 2', 1e-10);
    expect(out.derivedData!.rows).toEqual(R.rows);
    expect(out.derivedData!.columns.map((c) => c.name)).toEqual(['聚类类别']);
    samePartition(out.derivedData!.columns[0]!.values, R.kmeans3);
    // Cluster silhouettes as R's, after matching the labels.
    const ours = out.derivedData!.columns[0]!.values as number[];
    ours.forEach((c, i) => close(r[`silhouette.${c}`], R.kmeans3ClusterSil[R.kmeans3[i] - 1], 'cluster silhouette', 1e-10));
    // Seeded: the same report twice.
    expect(run(table, base).results).toEqual(r);
  });

  it('Ward and average linkage match hclust and cutree; cutting by height', () => {
    const ward = run(table, { ...base, method: 'ward.D2' });
    expect(ward.derivedData!.columns[0]!.values).toEqual(R.ward3);
    close(ward.results.silhouette, R.ward3Silhouette, 'ward silhouette', 1e-10);
    const chart = ward.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart' && b.title.startsWith('图3'));
    expect(chart).toBeDefined();
    const byHeight = run(table, { ...base, method: 'ward.D2', k: 5, height: R.wardCutHeight });
    expect(byHeight.results.k).toBe(R.wardCutHeightK);
    const avg = run(table, { ...base, method: 'average', k: 4 });
    expect(avg.derivedData!.columns[0]!.values).toEqual(R.average4);
  });

  it('refuses bad input in Chinese, naming the column', () => {
    expect(() => run(table, { ...base, x: ['BMI'] })).toThrow(/至少选择 2 个/);
    const constant = numericTable({ a: [1, 2, 3, 4, 5, 6], b: [2, 2, 2, 2, 2, 2] });
    expect(() => run(constant, { ...base, x: ['a', 'b'] })).toThrow(/“b”.*取值全部相同/);
    const few = numericTable({ a: [1, 2], b: [3, 1] });
    expect(() => run(few, { ...base, x: ['a', 'b'] })).toThrow(/不多于聚类指标数/);
    expect(() => run(table, { ...base, method: 'ward.D2', height: 1000 })).toThrow(/只得到 1 个类别/);
    expect(() => run(table, { ...base, k: 40 })).toThrow(/类别数 k/);
  });

  it('above SILHOUETTE_SAMPLE_N rows estimates the silhouette from a stratified sample, close to the exact one, and says so', () => {
    // Exact widths need n² distances (200,000 rows: hours); 12,000 rows still allow the exact check.
    const n = 12_000;
    let s = 77;
    const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
    const gauss = () => Math.sqrt(-2 * Math.log(rnd())) * Math.cos(2 * Math.PI * rnd());
    const centre = [[0, 0], [3, 1], [1, 4]];
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = centre[i % 10 < 6 ? 0 : i % 10 < 9 ? 1 : 2]!;
      a.push(c[0]! + gauss());
      b.push(c[1]! + gauss());
    }
    expect(n).toBeGreaterThan(SILHOUETTE_SAMPLE_N);
    const out = run(numericTable({ a, b }), { ...base, x: ['a', 'b'], kmax: 4, starts: 5 });
    const membership = out.derivedData!.columns[0]!.values.map((v) => Number(String(v).replace(/\D/g, '')));
    const exact = silhouette([a, b], membership, { standardize: true });
    expect(Math.abs((out.results.silhouette as number) - exact.mean)).toBeLessThan(0.02);
    exact.clusterMeans.forEach((m, c) => expect(Math.abs((out.results[`silhouette.${c + 1}`] as number) - m), `cluster ${c + 1}`).toBeLessThan(0.03));
    expect(JSON.stringify(out.sections)).toContain('按类别分层、固定随机种子');
  });
});
