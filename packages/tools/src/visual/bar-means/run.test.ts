import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'bar-means')!.file);
// Reference values: fixture.R in this folder (mean, sd, t.test CI, aov + TukeyHSD, kruskal.test, Welch t.test).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
type S = { type: string; id?: string };

describe('均值柱状图 against R', () => {
  it('gives R’s means, SDs, SEs and t intervals, and Tukey’s pairs', () => {
    const out = run(table, { y: '肿瘤体积', group: '组别', error: 'ci', marks: 'parametric', level: 0.9 });
    R.groups.forEach((g: string, i: number) => {
      close(out.results[`mean.${g}`], R.mean[i]);
      close(out.results[`sd.${g}`], R.sd[i]);
      close(out.results[`se.${g}`], R.se[i]);
      close(out.results[`ciLower.${g}`], R.ciLower90[i]);
      close(out.results[`ciUpper.${g}`], R.ciUpper90[i]);
    });
    close(out.results.statistic, R.anovaF);
    close(out.results.p, R.anovaP, 1e-6);
    for (const [label, p] of Object.entries(R.tukey)) close(out.results[`p.${label}`], p as number, 1e-4);
    // One bracket and one label per significant pair, all in "sig" series.
    const series = (out.sections[0]!.blocks[0] as { option: { series: S[] } }).option.series;
    const nSig = Object.values(R.tukey).filter((p) => (p as number) < 0.05).length;
    expect(series.filter((s) => s.id?.startsWith('sig'))).toHaveLength(2 * nSig);
  });

  it('switches to Kruskal-Wallis, to Welch t for two groups, and to no marks', () => {
    const np = run(table, { y: '肿瘤体积', group: '组别', error: 'sd', marks: 'nonparametric' });
    close(np.results.statistic, R.kwH);
    close(np.results.p, R.kwP, 1e-6);
    const two = table.text('组别').map((g) => (g === '高剂量组' || g === '对照组' ? g : null));
    const t2 = { ...table, text: (n: string) => (n === '组别' ? two : table.text(n)) };
    close(run(t2, { y: '肿瘤体积', group: '组别', marks: 'parametric' }).results['p.高剂量组 vs 对照组'], R.welchP, 1e-6);
    const none = run(table, { y: '肿瘤体积', group: '组别', marks: 'none' });
    expect((none.sections[0]!.blocks[0] as { option: { series: S[] } }).option.series.some((s) => s.id?.startsWith('sig'))).toBe(false);
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { y: '肿瘤体积', group: '' })).toThrow('请选择');
    expect(() => run(table, { y: '体重', group: '组别' })).toThrow('没有变量');
  });
});
