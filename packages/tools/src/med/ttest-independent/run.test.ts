import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThan(rel * Math.abs(b));

describe('独立样本t检验 on the example, against R', () => {
  it('Student and Welch (t.test), Levene (car::leveneTest) and Shapiro-Wilk per group', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 });
    // Levene P = 0.494 → equal variances → Student.
    expect(out.results.method).toBe('student');
    close(out.results.statistic, 2.38273652391698);
    expect(out.results.df).toBe(118);
    close(out.results.p, 0.0187817145367309);
    close(out.results.ciLower, 1.07819878279606);
    close(out.results.ciUpper, 11.6884678838706);
    close(out.results.welchP, 0.0187914854715588);
    close(out.results.leveneP, 0.493587858168908);
    close(out.results['shapiroP.对照组'], 0.1728003828507, 1e-6);
    close(out.results['shapiroP.试验组'], 0.0165249336666264, 1e-6);
    const conclusion = out.sections.find((s) => s.title === "结论")!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('差异有统计学意义');
  });

  it('forced Welch matches t.test(var.equal = FALSE)', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', method: 'welch', alternative: 'two.sided', level: 0.95 });
    close(out.results.df, 117.292855033049);
    close(out.results.ciLower, 1.07786743238607);
  });

  it('refuses a grouping with other than two groups', () => {
    expect(() => run(table, { y: '年龄', group: '编号' })).toThrow('应恰好有两个组');
  });
});

describe('独立样本t检验 chart', () => {
  it('draws bars of the means ± SD with the test’s mark in a "sig" series, or box plots', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 });
    const chart = out.sections.find((s) => s.title === '图形')!.blocks[0] as { option: { series: Array<{ type: string; id?: string; data: unknown[] }> } };
    const bars = chart.option.series.find((s) => s.type === 'bar')!.data as number[];
    const means = ['对照组', '试验组'].map((g) => out.results[`mean.${g}`] as number);
    expect(bars).toEqual(means.map((m) => Number(m.toPrecision(10))));
    const errs = chart.option.series.find((s) => s.type === 'lines' && !s.id)!.data as Array<{ coords: number[][] }>;
    close(errs[0]!.coords[1]![1]! - errs[0]!.coords[0]![1]!, 2 * (out.results['sd.对照组'] as number), 1e-8);
    const sig = chart.option.series.filter((s) => s.id?.startsWith('sig'));
    expect(sig).toHaveLength(1);
    expect(JSON.stringify(sig[0])).toContain('"formatter":"*"'); // P = 0.0188
    const box = run(table, { y: '治疗后收缩压', group: '组别', chart: 'box', method: 'auto', alternative: 'two.sided', level: 0.95 });
    const boxChart = box.sections.find((s) => s.title === '图形')!.blocks[0] as { option: { series: Array<{ type: string; id?: string }> } };
    expect(boxChart.option.series.some((s) => s.type === 'boxplot')).toBe(true);
    expect(boxChart.option.series.filter((s) => s.id?.startsWith('sig'))).toHaveLength(1);
  });
});
