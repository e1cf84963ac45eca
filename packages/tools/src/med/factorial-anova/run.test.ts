import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'bp-factorial')!.file);
const close = (a: unknown, b: number, rel = 1e-9, label = '') => expect(Math.abs((a as number) - b), label).toBeLessThanOrEqual(rel * Math.abs(b));
// Tukey p-values and intervals use the studentized range by quadrature (packages/stats tukey.ts,
// as R's ptukey/qtukey); they agree to about 1e-7, so those are compared to 1e-6. R's ptukey forms
// the upper tail as 1 − lower tail, so its P values below ~1e-7 carry an absolute error of a few
// 1e-10 (R says 3.09e-10 where the tail is 1.53e-16 by direct integration in reference/anova.R);
// Tukey P values are therefore compared to 1e-6 relative or 5e-10 absolute, and the two far tails
// to the direct integration at 1e-9.
const TUKEY = 1e-6;
const closeTukeyP = (a: unknown, b: number, label = '') => expect(Math.abs((a as number) - b), label).toBeLessThanOrEqual(Math.max(TUKEY * Math.abs(b), 5e-10));
const params = { y: '收缩压降幅', factorA: '治疗方案', factorB: '性别', covariates: ['基线收缩压'], interaction: true, posthoc: 'tukey', simple: true, level: 0.95 };

// Reference values: packages/tools/reference/anova.R (car::Anova type 3 with contr.sum, emmeans).
describe('双因素方差分析 / 协方差分析 on the example, against R', () => {
  const out = run(table, params);
  const r = out.results;

  it('type III table with the intercept row, R²', () => {
    const terms = ['(Intercept)', '基线收缩压', '治疗方案', '性别', '治疗方案:性别'];
    const ss = [344.11171936095252, 631.084192878473, 3408.6795016415695, 9.0163258789616521, 188.96766595172085];
    const F = [11.140919586461276, 20.431905830475184, 55.179498527879645, 0.29191148086844254, 3.0589971982341773];
    const p = [0.0012440790423979362, 1.938017807627379e-5, 3.3528263163533875e-16, 0.59037865748938501, 0.052014604933884212];
    terms.forEach((t, i) => {
      close(r[`ss.${t}`], ss[i]!, 1e-9, t);
      close(r[`F.${t}`], F[i]!, 1e-9, t);
      close(r[`p.${t}`], p[i]!, 1e-9, t);
    });
    expect(r['df.治疗方案:性别']).toBe(2);
    expect(r.dfResidual).toBe(87);
    close(r.ssResidual, 2687.1856808646148);
    close(r.rSquared, 0.58289927243795225);
    close(r.adjRSquared, 0.55413370501988002);
    expect(r.n).toBe(94);
    expect(r.excluded).toBe(2);
  });

  it('estimated marginal means with CIs (emmeans, covariate at its mean)', () => {
    const lv = ['安慰剂', '高剂量', '低剂量'];
    const est = [3.1528799588617948, 18.098283067671755, 9.1096278176561718];
    const lo = [1.1753672156650452, 16.093118152721601, 7.0993008697817324];
    const hi = [5.1303927020585443, 20.103447982621908, 11.119954765530611];
    lv.forEach((l, i) => {
      close(r[`emm.治疗方案.${l}`], est[i]!);
      close(r[`emmLower.治疗方案.${l}`], lo[i]!);
      close(r[`emmUpper.治疗方案.${l}`], hi[i]!);
    });
  });

  it('Tukey pairwise comparisons of the EMMs and the simple effects within sex', () => {
    const pairs = ['安慰剂-高剂量', '安慰剂-低剂量', '高剂量-低剂量'];
    const diff = [-14.945403108809961, -5.956747858794377, 8.988655250015583];
    const p = [3.0902780334685076e-10, 0.00019048818055222849, 3.6623641896937897e-8];
    const lo = [-18.358467969912191, -9.3407556203503361, 5.583326117590671];
    const hi = [-11.532338247707731, -2.5727400972384173, 12.393984382440495];
    pairs.forEach((k, i) => {
      close(r[`posthocDiff.治疗方案.${k}`], diff[i]!);
      closeTukeyP(r[`posthocP.治疗方案.${k}`], p[i]!, k);
      close(r[`posthocLower.治疗方案.${k}`], lo[i]!, TUKEY);
      close(r[`posthocUpper.治疗方案.${k}`], hi[i]!, TUKEY);
    });
    closeTukeyP(r['posthocP.性别.女-男'], 0.59037865748938601);
    // The far tails against R's direct integration of the upper tail (reference/anova.R), where
    // ptukey says 3.09e-10 and 3.10e-10.
    close(r['posthocP.治疗方案.安慰剂-高剂量'], 1.5326350660022181e-16, 1e-9);
    close(r['simpleP.治疗方案.安慰剂-高剂量@女'], 1.2149128657687659e-12, 1e-9);
    const sd = [-17.39916917258704, -4.9986526719211595, 12.40051650066588, -12.491637045032883, -6.9148430456675944, 5.5767939993652877];
    const sp = [3.1024627311637687e-10, 0.05224302333880626, 1.7527544704520892e-7, 3.2265976113166062e-8, 0.0012039529193472731, 0.014133298087109614];
    ['女', '男'].forEach((s, j) =>
      pairs.forEach((k, i) => {
        close(r[`simpleDiff.治疗方案.${k}@${s}`], sd[3 * j + i]!);
        closeTukeyP(r[`simpleP.治疗方案.${k}@${s}`], sp[3 * j + i]!, `${k}@${s}`);
      }),
    );
  });

  it('assumption checks: Levene across cells, Shapiro–Wilk on residuals, homogeneity of slopes', () => {
    close(r.leveneP, 0.33327680118076686, 1e-9);
    close(r.shapiroP, 0.98968736780457267, 1e-6);
    close(r['slopesP.基线收缩压:治疗方案'], 0.086697406785526981);
    close(r['slopesP.基线收缩压:性别'], 0.76995941371841892);
    const conclusion = out.sections.at(-1)!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('治疗方案的主效应有统计学意义');
    expect(out.sections.some((s) => s.blocks.some((b) => b.type === 'chart'))).toBe(true);
  });

  it('Bonferroni, and a model without covariate or interaction', () => {
    const b = run(table, { ...params, posthoc: 'bonferroni' }).results;
    close(b['posthocP.治疗方案.安慰剂-高剂量'], 1.532790390559154e-16);
    close(b['posthocP.治疗方案.安慰剂-低剂量'], 0.00019485853269633936);
    close(b['posthocLower.治疗方案.安慰剂-高剂量'], -18.439584459719001);
    close(b['posthocUpper.治疗方案.高剂量-低剂量'], 12.474917021315097);
    const add = run(table, { ...params, covariates: [], interaction: false, posthoc: 'skip' }).results;
    close(add['F.(Intercept)'], 254.27464173212024);
    close(add['F.治疗方案'], 38.734169013592123);
    close(add['p.性别'], 0.83294826992663429);
    expect(add['F.治疗方案:性别']).toBeUndefined();
  });

  it('refuses bad input with a message naming the column', () => {
    const withText = { ...table, text: (n: string) => (n === '收缩压降幅' ? table.text(n).map((v, i) => (i === 3 ? '未测' : v)) : table.text(n)), numeric: (n: string) => (n === '收缩压降幅' ? table.numeric(n).map((v, i) => (i === 3 ? null : v)) : table.numeric(n)) };
    expect(() => run(withText, params)).toThrow('“收缩压降幅”应为数值');
    const oneSex = { ...table, text: (n: string) => (n === '性别' ? table.text(n).map(() => '男') : table.text(n)) };
    expect(() => run(oneSex, params)).toThrow('因素“性别”在分析样本中只有一个水平');
    const flat = { ...table, numeric: (n: string) => (n === '基线收缩压' ? table.numeric(n).map(() => 150) : table.numeric(n)) };
    expect(() => run(flat, params)).toThrow('协变量“基线收缩压”在分析样本中取值恒定');
    const noCell = { ...table, text: (n: string) => (n === '性别' ? table.text(n).map((v, i) => (table.text('治疗方案')[i] === '安慰剂' ? '男' : v)) : table.text(n)) };
    expect(() => run(noCell, params)).toThrow('单元格没有观测');
    expect(() => run(table, { ...params, factorB: '治疗方案' })).toThrow('不能是同一列');
  });
});

// Partial ε² against packages/stats/fixtures/make-anova-epsilon.R: effectsize's formula written out in
// R on car::Anova's type III sums of squares, (SS − df·MSE)/(SS + SSE).
describe('partial ε² beside partial η², against R', () => {
  const E = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/anova-epsilon.json', import.meta.url), 'utf8')).factorial;
  it('ANCOVA with interaction and the additive two-way model, each term (a negative ε² kept as computed)', () => {
    for (const [ref, p] of [
      [E.ancova, params],
      [E.additive, { ...params, covariates: [], interaction: false, posthoc: 'skip' }],
    ] as const) {
      const out = run(table, p);
      (ref.terms as string[]).forEach((t, i) => {
        close(out.results[`partialEpsilon2.${t}`], ref.partialEpsilon2[i], 1e-9, `ε² ${t}`);
        close(out.results[`partialEta2.${t}`], ref.partialEta2[i], 1e-9, `η² ${t}`);
      });
      const anova = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表3'));
      expect(anova?.type === 'table' && anova.columns.at(-1)).toBe('偏 ε²');
    }
  });
});
