import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'postop-pain')!.file);
const vars = ['术后6小时VAS', '术后24小时VAS', '术后48小时VAS', '术后72小时VAS'];
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const keys = ['1_2', '1_3', '1_4', '2_3', '2_4', '3_4'];

// Reference values: packages/tools/reference/nonparametric.R (friedman.test; pairwise
// wilcox.test(paired = TRUE); Conover's t written out in R as PMCMRplus computes it).
describe('Friedman 检验 on the example, against R', () => {
  it('χ², df, P, Kendall W, with the incomplete row dropped', () => {
    const out = run(table, { vars, posthoc: 'wilcoxon', adjust: 'holm' });
    expect(out.results.n).toBe(19);
    expect(out.results.excluded).toBe(1);
    close(out.results.statistic, 46.5);
    expect(out.results.df).toBe(3);
    close(out.results.p, 4.4399217982206541e-10);
    close(out.results.kendallW, 0.81578947368421051);
    const V = [60, 190, 171, 171, 190, 121];
    const p = [0.094988815216637809, 0.00012931358025114681, 0.00018394360106857742, 0.00017902490227839963, 0.00013180526923308185, 0.12090961978209097];
    const holm = [0.18997763043327562, 0.00077588148150688088, 0.00077588148150688088, 0.00077588148150688088, 0.00077588148150688088, 0.18997763043327562];
    keys.forEach((k, i) => {
      expect(out.results[`posthocStatistic_${k}`]).toBe(V[i]);
      close(out.results[`posthocP_${k}`], p[i]!);
      close(out.results[`posthocPAdjusted_${k}`], holm[i]!);
    });
  });
  it('Conover pairwise t with Bonferroni', () => {
    const out = run(table, { vars, posthoc: 'conover', adjust: 'bonferroni' });
    const t = [1.1710800875382399, 10.539720787844159, 12.296340919151518, 9.3686407003059191, 11.125260831613279, 1.7566201313073597];
    const p = [0.2467083493361775, 1.029293131661316e-14, 2.7743404868144222e-17, 6.5303290825053859e-13, 1.3721117613958982e-15, 0.084651868438228473];
    const bonf = [1, 6.1757587899678967e-14, 1.6646042920886532e-16, 3.9181974495032313e-12, 8.2326705683753887e-15, 0.50791121062937084];
    keys.forEach((k, i) => {
      close(out.results[`posthocStatistic_${k}`], t[i]!);
      close(out.results[`posthocP_${k}`], p[i]!, 1e-8);
      close(out.results[`posthocPAdjusted_${k}`], bonf[i]!, 1e-8);
    });
  });
  it('refuses two columns, a text column and too few complete rows', () => {
    expect(() => run(table, { vars: vars.slice(0, 2) })).toThrow('Wilcoxon 符号秩检验');
    expect(() => run(table, { vars: [...vars.slice(0, 2), '性别'] })).toThrow('变量“性别”不是数值型变量');
    const few = { ...table, numeric: (n: string) => table.numeric(n).map((v, i) => (i < 2 ? v : null)) };
    expect(() => run(few, { vars })).toThrow('至少需要 3 个完整的对象');
  });
});
