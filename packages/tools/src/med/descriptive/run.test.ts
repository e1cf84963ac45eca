import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);

describe('描述性统计 on the example, against R', () => {
  it('matches mean, sd and quartiles (R: mean, sd, quantile type 7)', () => {
    const out = run(table, { vars: ['年龄', '总胆固醇'], group: '', level: 0.95, decimals: 2 });
    expect(out.results['年龄.mean']).toBeCloseTo(56.4583333333333, 12);
    expect(out.results['年龄.sd']).toBeCloseTo(9.25084219044369, 12);
    expect([out.results['年龄.q1'], out.results['年龄.median'], out.results['年龄.q3']]).toEqual([50, 56.5, 62]);
    // Two values are NA: described on the 118 present.
    expect(out.results['总胆固醇.n']).toBe(118);
    expect(out.results['总胆固醇.mean']).toBeCloseTo(5.43601694915254, 12);
    expect(out.results['总胆固醇.sd']).toBeCloseTo(0.901198764638237, 12);
    const t = out.sections[0]!.blocks[0]!;
    expect(t.type === 'table' && t.rows[1]![3]).toBe(2);
  });

  it('describes by group (R: tapply)', () => {
    const out = run(table, { vars: ['治疗前收缩压'], group: '组别', level: 0.95, decimals: 1 });
    expect(out.results['治疗前收缩压[对照组].mean']).toBeCloseTo(154.9, 12);
    expect(out.results['治疗前收缩压[试验组].mean']).toBeCloseTo(157.9, 12);
  });

  it('says what is wrong with bad parameters', () => {
    expect(() => run(table, { vars: [] })).toThrow(ToolInputError);
    expect(() => run(table, { vars: ['身高'] })).toThrow('数据中没有变量“身高”');
  });
});
