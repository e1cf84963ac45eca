import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'three-groups')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/tools.R (anova, oneway.test, car::leveneTest, TukeyHSD).
describe('单因素方差分析 on the example, against R', () => {
  it('classic ANOVA, Welch, Levene, η² and Tukey HSD', () => {
    const out = run(table, { y: '体重增量', group: '组别', method: 'auto', posthoc: 'tukey', level: 0.95 });
    expect(out.results.method).toBe('classic');
    close(out.results.statistic, 9.29920082254521);
    expect([out.results.df1, out.results.df2]).toEqual([2, 42]);
    close(out.results.p, 4.53472069998504e-4);
    close(out.results.etaSquared, 0.306912412542109);
    close(out.results.epsilonSquared, 0.273908241710781);
    close(out.results.welchF, 10.3896844248612);
    close(out.results.welchP, 4.55040782927533e-4);
    close(out.results.leveneP, 0.22517850962995);
    close(out.results['posthocP.饲料B-饲料A'], 0.016909409836804778, 1e-6);
    close(out.results['posthocP.饲料C-饲料A'], 0.000368466864037131, 1e-6);
    close(out.results['posthocP.饲料C-饲料B'], 0.379873848283374782, 1e-6);
    const conclusion = out.sections.at(-1)!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('饲料C与饲料A');
    expect(out.sections.some((s) => s.blocks.some((b) => b.type === 'chart'))).toBe(true);
  });

  it('refuses a grouping with one group', () => {
    const one = { ...table, text: (n: string) => table.text(n).map(() => 'x') };
    expect(() => run(one, { y: '体重增量', group: '组别' })).toThrow('至少需要 2 个组');
  });
});
