import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/tools.R (chisq.test, fisher.test).
describe('卡方检验 on the example, against R', () => {
  it('Pearson, Yates and Fisher on 组别 × 疗效', () => {
    const out = run(table, { row: '组别', col: '疗效', correct: 'auto' });
    expect(out.results.method).toBe('Pearson 卡方检验');
    close(out.results.pearsonChi2, 29.4);
    close(out.results.pearsonP, 5.88776427451728e-8);
    close(out.results.yatesChi2, 27.3375);
    close(out.results.yatesP, 1.70865405932235e-7);
    close(out.results.fisherP, 6.63550768003631e-8, 1e-7);
    expect(out.results.n).toBe(120);
    const ct = out.sections[0]!.blocks[0]!;
    expect(ct.type === 'table' && ct.rows[0]).toEqual(['对照组', '34（56.7%）', '26（43.3%）', 60]);
  });

  it('asks for Yates when told and refuses one variable twice', () => {
    expect(run(table, { row: '组别', col: '疗效', correct: 'yes' }).results.method).toBe('连续性校正卡方检验');
    expect(() => run(table, { row: '组别', col: '组别' })).toThrow('不能相同');
  });
});
