import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'three-groups')!.file);

// Reference values: packages/tools/reference/tools.R (TukeyHSD, quantile type 7).
describe('箱线图 on the example', () => {
  it('marks the pairs Tukey finds different, as R', () => {
    const out = run(table, { y: '体重增量', group: '组别', points: true, marks: 'parametric' });
    expect(Math.abs((out.results['p.饲料C vs 饲料A'] as number) - 0.000368466864037131)).toBeLessThan(1e-6);
    const chart = out.sections[0]!.blocks[0]!;
    expect(chart.type).toBe('chart');
    const series = (chart as { option: { series: Array<{ type: string }> } }).option.series;
    // Box, points, and a bracket plus its label for each of the two significant pairs.
    expect(series.filter((s) => s.type === 'lines')).toHaveLength(2);
  });
});
