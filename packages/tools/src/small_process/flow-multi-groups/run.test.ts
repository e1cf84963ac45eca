import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { run as runAnova } from '../../med/anova-oneway/run.js';
import { run as runKruskal } from '../../med/kruskal-wallis/run.js';
import { readExampleTable } from '../../test-table.js';
import { decision, longTable } from '../test-data.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'three-groups')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { y: 'y', group: 'g', level: 0.95, checkAlpha: 0.05 };
const WELCH = { A: [10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 10.0, 9.7], B: [12, 8, 15, 6, 14, 9, 13, 11], C: [11.1, 10.9, 11.3, 11.0, 10.8, 11.2, 11.4, 10.7] };
const KW = { A: [1.2, 1.5, 1.1, 1.3, 1.4, 1.2, 9.8, 1.6], B: [2.1, 2.4, 2.2, 2.0, 2.6, 2.3, 2.5, 2.2], C: [3.1, 2.9, 3.3, 3.0, 2.8, 3.2, 3.4, 2.7] };

// Reference values: packages/tools/reference/small-process.R.
describe('多组比较 flow, against R and the direct tools', () => {
  it('example: normal, equal variances → one-way ANOVA with Tukey, numbers as the ANOVA tool', () => {
    const p = { y: '体重增量', group: '组别', level: 0.95, checkAlpha: 0.05 };
    const out = run(table, p);
    expect(out.results.chosenTest).toBe('anova');
    expect(decision(out).chosenNode).toBe('anova');
    close(out.results['shapiroP.饲料B'], 0.23324590648898713);
    close(out.results.leveneP, 0.2251785096299499);
    close(out.results.statistic, 9.299200822545215);
    close(out.results.p, 0.0004534720699985037);
    close(out.results['posthocP.饲料B-饲料A'], 0.016909409836804778, 1e-6); // ptukey's integration, as the ANOVA tool's own test
    expect(out.results).toMatchObject(runAnova(table, { ...p, method: 'classic', posthoc: 'tukey' }).results);
  });
  it('normal, unequal variances → Welch ANOVA with Games-Howell', () => {
    const data = longTable(WELCH);
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('welch-anova');
    expect(decision(out).chosenNode).toBe('welch');
    close(out.results.leveneP, 9.0242170694816633e-5);
    close(out.results.statistic, 41.963960200509533);
    close(out.results.df2, 12.301370057800408);
    close(out.results.p, 3.2008266623659181e-6);
    expect(out.results).toMatchObject(runAnova(data, { ...params, method: 'welch', posthoc: 'games-howell' }).results);
    expect(Object.keys(out.results).some((k) => k.startsWith('posthocP.'))).toBe(true);
  });
  it('an outlier → Kruskal-Wallis with Dunn', () => {
    const data = longTable(KW);
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('kruskal-wallis');
    expect(decision(out).chosenNode).toBe('kw');
    close(out.results['shapiroP.A'], 4.6516322724326693e-6);
    close(out.results.statistic, 13.771975630983469);
    expect(out.results.df).toBe(2);
    close(out.results.p, 0.0010220061031047081);
    expect(out.results).toMatchObject(runKruskal(data, { ...params, adjust: 'holm' }).results);
  });
  it('refuses two groups and a group of one, naming the column', () => {
    expect(() => run(longTable({ A: KW.A, B: KW.B }), params)).toThrow('分组变量“g”至少需要 3 个组');
    expect(() => run(longTable({ A: KW.A, B: KW.B, C: [3] }), params)).toThrow('“C”组只有 1 个有效观测');
  });
});
