import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { run as runCorrelation } from '../../med/correlation/run.js';
import { readExampleTable } from '../../test-table.js';
import { columnsTable, decision } from '../test-data.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const X = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const Y = [3, 1, 2.1, 1.5, 9, 2.2, 4, 50, 6, 15, 120, 25];

// Reference values: packages/tools/reference/small-process.R (shapiro.test, cor.test).
describe('相关分析 flow, against R and the 相关分析 tool', () => {
  it('example 年龄 and 治疗前收缩压: both normal → Pearson', () => {
    const p = { x: '年龄', y: '治疗前收缩压', level: 0.95, checkAlpha: 0.05 };
    const out = run(table, p);
    expect(out.results.chosenTest).toBe('pearson');
    expect(decision(out).chosenNode).toBe('pearson');
    close(out.results['shapiroP.年龄'], 0.60304389876773024);
    close(out.results['shapiroP.治疗前收缩压'], 0.3559632530032274);
    close(out.results.r, -0.052448804256402061);
    close(out.results.p, 0.56940641612774023);
    close(out.results.ciLower, -0.22953231147685882);
    expect(out.results).toMatchObject(runCorrelation(table, { vars: ['年龄', '治疗前收缩压'], method: 'pearson', alternative: 'two.sided', level: 0.95 }).results);
  });
  it('a skewed variable → Spearman', () => {
    const data = columnsTable({ x: X, y: Y });
    const out = run(data, { x: 'x', y: 'y', level: 0.95, checkAlpha: 0.05 });
    expect(out.results.chosenTest).toBe('spearman');
    expect(decision(out).chosenNode).toBe('spearman');
    close(out.results['shapiroP.y'], 0.00012097009923465088);
    close(out.results.r, 0.81118881118881125);
    close(out.results.p, 0.0023689303978236161);
    expect(out.results).toMatchObject(runCorrelation(data, { vars: ['x', 'y'], method: 'spearman', alternative: 'two.sided', level: 0.95 }).results);
  });
  it('refuses the same variable, text, too few pairs and a constant; footnotes missing rows', () => {
    const p = { level: 0.95, checkAlpha: 0.05 };
    expect(() => run(table, { ...p, x: '年龄', y: '年龄' })).toThrow('不能相同');
    expect(() => run(table, { ...p, x: '年龄', y: '组别' })).toThrow('变量“组别”不是数值型变量');
    expect(() => run(columnsTable({ x: [1, 2, null], y: [1, 2, 3] }), { ...p, x: 'x', y: 'y' })).toThrow('“x”与“y”同时有值的观测只有 2 个，相关分析至少需要 3 个');
    expect(() => run(columnsTable({ x: [1, 2, 3, 4], y: [5, 5, 5, 5] }), { ...p, x: 'x', y: 'y' })).toThrow('变量“y”的取值全部相同');
    const out = run(columnsTable({ x: [...X, null], y: [...Y, 4] }), { ...p, x: 'x', y: 'y' });
    const t = out.sections[0]!.blocks.find((b) => b.type === 'table') as { footnotes: string[] };
    expect(t.footnotes.join('')).toContain('1 行因x或y缺失');
  });
});
