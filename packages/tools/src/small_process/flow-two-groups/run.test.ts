import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { run as runMannWhitney } from '../../med/mann-whitney/run.js';
import { run as runTtest } from '../../med/ttest-independent/run.js';
import { readExampleTable } from '../../test-table.js';
import { columnsTable, decision, longTable } from '../test-data.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { y: 'y', group: 'g', level: 0.95, checkAlpha: 0.05 };
const A = { student: [5.1, 4.8, 5.6, 5.0, 5.3, 4.9, 5.4, 5.2], welch: [10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 10.0, 9.7], mw: [1.2, 1.5, 1.1, 1.3, 1.4, 1.2, 9.8, 1.6] };
const B = { student: [5.9, 6.1, 5.7, 6.3, 5.8, 6.0, 6.2, 5.6], welch: [12, 8, 15, 6, 14, 9, 13, 11], mw: [2.1, 2.4, 2.2, 2.0, 2.6, 2.3, 2.5, 2.2] };

// Reference values: packages/tools/reference/small-process.R.
describe('两组比较 flow, against R and the direct tools', () => {
  it('example: 试验组 departs from normality → Mann-Whitney, numbers as the Mann-Whitney tool', () => {
    const p = { y: '治疗后收缩压', group: '组别', level: 0.95, checkAlpha: 0.05 };
    const out = run(table, p);
    expect(out.results.chosenTest).toBe('mann-whitney');
    expect(decision(out).chosenNode).toBe('mw');
    expect(decision(out).steps).toContain('第一步');
    close(out.results['shapiroP.对照组'], 0.17280038285070032);
    close(out.results['shapiroP.试验组'], 0.01652493366662636);
    expect(out.results.leveneP).toBeNull();
    expect(out.results.statistic).toBe(2133);
    close(out.results.p, 0.080819355094338741);
    close(out.results.estimate, 4.9999603269831603);
    expect(out.results).toMatchObject(runMannWhitney(table, { ...p, alternative: 'two.sided' }).results);
  });
  it('normal, equal variances → Student t', () => {
    const data = longTable({ A: A.student, B: B.student });
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('student-t');
    expect(decision(out).chosenNode).toBe('student');
    close(out.results.leveneP, 0.85092970991358341);
    close(out.results.statistic, -6.1481704595757636);
    expect(out.results.df).toBe(14);
    close(out.results.p, 2.5266501377487381e-5);
    close(out.results.ciLower, -1.0622190449322415);
    expect(out.results).toMatchObject(runTtest(data, { ...params, method: 'student', alternative: 'two.sided' }).results);
  });
  it('normal, unequal variances → Welch t', () => {
    const data = longTable({ A: A.welch, B: B.welch });
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('welch-t');
    expect(decision(out).chosenNode).toBe('welch');
    close(out.results['shapiroP.B'], 0.85545391290790285);
    close(out.results.leveneP, 0.0015323716116945015);
    close(out.results.statistic, -0.90562261124663401);
    close(out.results.df, 7.0576460814332176);
    close(out.results.p, 0.39499991716474347);
    expect(out.results).toMatchObject(runTtest(data, { ...params, method: 'welch', alternative: 'two.sided' }).results);
  });
  it('an outlier → Mann-Whitney (normal approximation with ties, as wilcox.test)', () => {
    const out = run(longTable({ A: A.mw, B: B.mw }), params);
    expect(out.results.chosenTest).toBe('mann-whitney');
    close(out.results['shapiroP.A'], 4.6516322724326693e-6);
    expect(out.results.statistic).toBe(8);
    close(out.results.p, 0.013449823497535726);
    close(out.results.estimate, -0.90004850263595537);
  });
  it('counts rows with a missing value in a footnote', () => {
    const out = run(columnsTable({ y: [...A.student, ...B.student, null, 5], g: [...A.student.map(() => 'A'), ...B.student.map(() => 'B'), 'A', null] }), params);
    const t = out.sections[0]!.blocks.find((b) => b.type === 'table') as { footnotes: string[] };
    expect(t.footnotes.join('')).toContain('2 行因y或g缺失');
  });
  it('refuses one group, a group of one, and a text outcome, naming the column', () => {
    expect(() => run(longTable({ A: A.student }), params)).toThrow('分组变量“g”至少需要 2 个组');
    expect(() => run(longTable({ A: A.student, B: [1] }), params)).toThrow('分组变量“g”中的“B”组只有 1 个有效观测');
    expect(() => run(longTable({ A: A.student, B: B.student, C: [1, 2] }), params)).toThrow('最多 2 个组');
    expect(() => run(table, { ...params, y: '性别', group: '组别' })).toThrow('变量“性别”不是数值型变量');
  });
});
