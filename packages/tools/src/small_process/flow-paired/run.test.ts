import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { run as runPairedT } from '../../med/ttest-paired/run.js';
import { run as runWilcoxon } from '../../med/wilcoxon-signed-rank/run.js';
import { readExampleTable } from '../../test-table.js';
import { columnsTable, decision } from '../test-data.js';
import { run } from './run.js';

const ht = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const pain = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'postop-pain')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/small-process.R.
describe('配对比较 flow, against R and the direct tools', () => {
  it('example: normal differences → paired t, numbers as the paired t tool', () => {
    const p = { x1: '治疗前收缩压', x2: '治疗后收缩压', level: 0.95, checkAlpha: 0.05 };
    const out = run(ht, p);
    expect(out.results.chosenTest).toBe('paired-t');
    expect(decision(out).chosenNode).toBe('pairedT');
    close(out.results.shapiroP, 0.20565011798424729, 1e-9);
    close(out.results.statistic, 15.410264870406749);
    close(out.results.p, 3.9710125313048931e-30);
    close(out.results.ciLower, 11.97596875700701);
    expect(out.results).toMatchObject(runPairedT(ht, { ...p, alternative: 'two.sided' }).results);
  });
  it('pain scores: skewed differences → Wilcoxon signed-rank, numbers as the Wilcoxon tool', () => {
    const p = { x1: '术后6小时VAS', x2: '术后24小时VAS', level: 0.95, checkAlpha: 0.05 };
    const out = run(pain, p);
    expect(out.results.chosenTest).toBe('wilcoxon-signed-rank');
    expect(decision(out).chosenNode).toBe('wilcoxon');
    close(out.results.shapiroP, 0.017937487917600255);
    expect(out.results.statistic).toBe(71);
    close(out.results.p, 0.06862318401276879);
    close(out.results.estimate, 0.50005675983607734);
    expect(out.results).toMatchObject(runWilcoxon(pain, { ...p, alternative: 'two.sided' }).results);
    expect(decision(out).steps).toContain('因此选用 Wilcoxon 符号秩检验');
  });
  it('refuses the same column, text, all-zero differences; footnotes missing rows', () => {
    const p = { level: 0.95, checkAlpha: 0.05 };
    expect(() => run(ht, { ...p, x1: '治疗前收缩压', x2: '治疗前收缩压' })).toThrow('两个变量不能相同');
    expect(() => run(ht, { ...p, x1: '治疗前收缩压', x2: '组别' })).toThrow('变量“组别”不是数值型变量');
    expect(() => run(columnsTable({ a: [1, 2, 3], b: [1, 2, 3] }), { ...p, x1: 'a', x2: 'b' })).toThrow('差值全为 0');
    const out = run(pain, { ...p, x1: '术后6小时VAS', x2: '术后72小时VAS' });
    const t = out.sections[0]!.blocks.find((b) => b.type === 'table') as { footnotes: string[] };
    expect(t.footnotes.join('')).toContain('1 行因');
  });
});
