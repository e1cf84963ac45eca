import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThan(rel * Math.abs(b));

describe('配对t检验 on the example, against R', () => {
  it('matches t.test(paired = TRUE) and shapiro.test of the differences', () => {
    const out = run(table, { x1: '治疗前收缩压', x2: '治疗后收缩压', alternative: 'two.sided', level: 0.95 });
    close(out.results.statistic, 15.4102648704067);
    expect(out.results.df).toBe(119);
    close(out.results.p, 3.97101253130489e-30, 1e-6);
    close(out.results.ciLower, 11.975968757007);
    close(out.results.ciUpper, 15.5073645763263);
    close(out.results.meanDifference, 13.7416666666667);
    close(out.results.cohensDz, 1.40675828110853);
    close(out.results.shapiroP, 0.205650117984247, 1e-6);
  });

  it('refuses the same variable twice', () => {
    expect(() => run(table, { x1: '年龄', x2: '年龄' })).toThrow('两个变量不能相同');
  });
});

describe('配对t检验 chart', () => {
  it('draws a line per subject, the means and the mark; samples 200 subjects above 200', () => {
    const out = run(table, { x1: '治疗前收缩压', x2: '治疗后收缩压', alternative: 'two.sided', level: 0.95 });
    const chart = out.sections.find((s) => s.title === '图形')!.blocks[0] as { title: string; option: { series: Array<{ type: string; id?: string; name?: string; data: unknown[] }> } };
    expect(chart.option.series.find((s) => s.name === '个体')!.data).toHaveLength(120);
    const means = chart.option.series.find((s) => s.name === '均值')!.data as number[][];
    close(means[0]![1]! - means[1]![1]!, out.results.meanDifference as number, 1e-6);
    expect(JSON.stringify(chart.option.series.filter((s) => s.id?.startsWith('sig')))).toContain('***');

    const n = 1000;
    const before = Array.from({ length: n }, (_, i) => 100 + (i % 37));
    const after = before.map((v, i) => v - 2 + (i % 5));
    const big = {
      rows: n,
      variables: ['前', '后'].map((name) => ({ name, type: 'numeric' as const, valid: n, missing: 0, distinct: 37, min: null, max: null, mean: null, levels: [] })),
      numeric: (name: string) => (name === '前' ? before : after),
      text: () => [],
    };
    const o = run(big, { x1: '前', x2: '后', alternative: 'two.sided', level: 0.95 });
    const c = o.sections.find((s) => s.title === '图形')!.blocks[0] as typeof chart;
    expect(c.option.series.find((s) => s.name === '个体')!.data).toHaveLength(200);
    expect(c.title).toContain('抽取 200 对');
  });
});
