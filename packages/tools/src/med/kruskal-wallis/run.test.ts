import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'three-groups')!.file);

// Reference values: packages/tools/reference/tools.R (kruskal.test).
describe('Kruskal-Wallis检验 on the example, against R', () => {
  it('H with the tie correction, df and P', () => {
    const out = run(table, { y: '体重增量', group: '组别', adjust: 'holm' });
    expect(Math.abs((out.results.statistic as number) - 13.45734554479365563)).toBeLessThan(1e-9);
    expect(out.results.df).toBe(2);
    expect(Math.abs((out.results.p as number) - 0.00119611942782641)).toBeLessThan(1e-12);
    expect(Object.keys(out.results).filter((k) => k.startsWith('dunnP.'))).toHaveLength(3);
  });
});
