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
