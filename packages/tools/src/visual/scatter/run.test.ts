import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/tools.R (summary(lm(y ~ x))).
describe('散点图 on the example, against R', () => {
  it('fits the line R fits', () => {
    const out = run(table, { x: '治疗前收缩压', y: '治疗后收缩压', group: '组别', fit: true, level: 0.95 });
    close(out.results.intercept, -16.9791172352979);
    close(out.results.slope, 1.02069981181989);
    close(out.results.rSquared, 0.57382136936097);
    close(out.results.p, 1.34570786689462e-23, 1e-7);
    expect(() => run(table, { x: '年龄', y: '年龄' })).toThrow('同一个变量');
  });
});
