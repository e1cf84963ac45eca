import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hba1c-followup')!.file);
const close = (a: unknown, b: number, rel = 1e-9, label = '') => expect(Math.abs((a as number) - b), label).toBeLessThanOrEqual(rel * Math.abs(b));
const vars = ['基线HbA1c', '第3个月HbA1c', '第6个月HbA1c', '第12个月HbA1c'];
const params = { vars, group: '管理方案', correction: 'auto', simple: true, errorBar: 'se', level: 0.95 };

// Reference values: packages/tools/reference/anova.R (car::Anova type 3 with idesign = ~time).
describe('重复测量方差分析 on the example, against R', () => {
  it('mixed design: within, interaction, between, Mauchly, GG and HF', () => {
    const out = run(table, params);
    const r = out.results;
    expect(r.n).toBe(44);
    expect(r.excluded).toBe(1);
    close(r.statistic, 87.465805670473799);
    expect([r.df1, r.df2]).toEqual([3, 123]);
    close(r.p, 2.3091103742203429e-30);
    close(r.epsilonGG, 0.83164520449245094);
    close(r.pGG, 1.1417154594260562e-25);
    close(r.epsilonHF, 0.8898162480156413);
    close(r.pHF, 2.722621082981695e-27);
    close(r.mauchlyW, 0.71065260786102347);
    close(r.mauchlyP, 0.018635311060502046);
    // Mauchly P < 0.05 and ε(GG) > 0.75: Huynh–Feldt.
    expect(r.correction).toBe('hf');
    close(r.pCorrected, 2.722621082981695e-27);
    close(r.interactionF, 12.768185248750065);
    close(r.interactionP, 3.599076077395807e-11);
    close(r.interactionPGG, 1.2342747462006775e-9);
    close(r.interactionPHF, 3.6333240378723022e-10);
    close(r.betweenF, 3.9642440480916106);
    close(r.betweenP, 0.026671794829757421);
    close(r.interceptF, 3585.2906112600226);
    const conclusion = out.sections.at(-1)!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('交互作用有统计学意义');
    expect(out.sections.some((s) => s.blocks.some((b) => b.type === 'chart'))).toBe(true);
  });

  it('simple effects: time within each group, groups at each time', () => {
    const r = run(table, params).results;
    const within = [
      ['常规管理', 3.7369230769230799, 0.018132272160862384, 0.030933686589044294],
      ['强化管理', 31.628234813402386, 7.4251985734134727e-11, 2.7574076607840224e-8],
      ['强化管理+运动', 82.112452002194217, 6.632910341991905e-17, 3.001319594350877e-14],
    ] as const;
    for (const [g, F, p, pgg] of within) {
      close(r[`simpleWithinF.${g}`], F);
      close(r[`simpleWithinP.${g}`], p);
      close(r[`simpleWithinPGG.${g}`], pgg);
    }
    const between = [
      [1.1342491286921148, 0.33154822579077392],
      [4.3931711903549138, 0.018677103412805773],
      [2.9029169190624815, 0.066209352221941103],
      [11.757318807188469, 9.206078820780581e-5],
    ];
    vars.forEach((v, j) => {
      close(r[`simpleBetweenF.${v}`], between[j]![0]!);
      close(r[`simpleBetweenP.${v}`], between[j]![1]!);
    });
  });

  it('one-way (no group) with Bonferroni paired t tests', () => {
    const r = run(table, { ...params, group: '', correction: 'gg' }).results;
    close(r.statistic, 54.978530760619641);
    close(r.p, 5.8562443562459329e-23);
    close(r.pGG, 2.3744847767487334e-19);
    close(r.pCorrected, 2.3744847767487334e-19);
    close(r.mauchlyW, 0.74790055476390016);
    close(r.mauchlyP, 0.033230946870688609);
    close(r['posthocP.基线HbA1c-第3个月HbA1c'], 5.8375366149740534e-3);
    close(r['posthocP.基线HbA1c-第12个月HbA1c'], 1.3426025501094152e-11);
    close(r['posthocP.第6个月HbA1c-第12个月HbA1c'], 0.00071043441621222833);
  });

  it('refuses bad input with a message naming the column', () => {
    expect(() => run(table, { ...params, vars: ['基线HbA1c'] })).toThrow('至少 2 列');
    const oneGroup = { ...table, text: (n: string) => (n === '管理方案' ? table.text(n).map(() => '常规管理') : table.text(n)) };
    expect(() => run(oneGroup, params)).toThrow('组间因素“管理方案”在分析样本中只有一个组');
    const lonely = { ...table, text: (n: string) => (n === '管理方案' ? table.text(n).map((v, i) => (i === 0 ? '新方案' : v)) : table.text(n)) };
    expect(() => run(lonely, params)).toThrow('“新方案”组只有 1 例');
    const withText = { ...table, text: (n: string) => (n === '第6个月HbA1c' ? table.text(n).map((v, i) => (i === 2 ? '溶血' : v)) : table.text(n)), numeric: (n: string) => (n === '第6个月HbA1c' ? table.numeric(n).map((v, i) => (i === 2 ? null : v)) : table.numeric(n)) };
    expect(() => run(withText, params)).toThrow('“第6个月HbA1c”应为数值');
  });
});

// Partial ε² against packages/stats/fixtures/make-anova-epsilon.R: (SS − df·SSE/dfE)/(SS + SSE) on the
// sums of squares of car::Anova's univariate tests, each effect with its own error stratum.
describe('partial ε² beside partial η², against R', () => {
  const E = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/anova-epsilon.json', import.meta.url), 'utf8')).repeated;
  it('mixed design: time, time × group, group; one-way: time', () => {
    const r = run(table, params).results;
    close(r.partialEpsilon2, E.time.partialEpsilon2, 1e-9, 'time ε²');
    close(r.partialEta2, E.time.partialEta2, 1e-9, 'time η²');
    close(r.interactionPartialEpsilon2, E.interaction.partialEpsilon2, 1e-9, 'interaction ε²');
    close(r.interactionPartialEta2, E.interaction.partialEta2, 1e-9, 'interaction η²');
    close(r.betweenPartialEpsilon2, E.between.partialEpsilon2, 1e-9, 'between ε²');
    close(r.betweenPartialEta2, E.between.partialEta2, 1e-9, 'between η²');
    const one = run(table, { ...params, group: '', correction: 'gg' }).results;
    close(one.partialEpsilon2, E.oneWayTime.partialEpsilon2, 1e-9, 'one-way time ε²');
  });
});

// Pairwise comparisons of time on estimated marginal means, against packages/stats/fixtures/
// make-repeated-emmeans.R: emmeans on aov(y ~ g * time + Error(id/time)), pairs(adjust = "bonferroni").
describe('mixed design: EMM pairwise comparisons of time, overall and within each group, against emmeans', () => {
  interface Pairs { contrast: string[]; estimate: number[]; se: number[]; df: number[]; t: number[]; p: number[]; lower: number[]; upper: number[] }
  interface Ref { times: string[]; groups: string[]; mse: number; df: number; overall: Pairs; byGroup: Record<string, Pairs> }
  const R = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/repeated-emmeans.json', import.meta.url), 'utf8')) as Record<string, Ref>;
  const M = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/anova-emmeans.json', import.meta.url), 'utf8')).mixed as { Y: number[][]; group: string[] };
  const check = (r: Record<string, unknown>, ref: Ref) => {
    close(r.emmMse, ref.mse, 1e-9, 'MSE');
    expect(r.emmDf).toBe(ref.df);
    const family = (prefix: string, pairs: Pairs) =>
      pairs.contrast.forEach((c, i) => {
        const id = prefix + c.replace(' - ', '-');
        expect(pairs.df[i]).toBe(ref.df);
        close(r[`emmPairEstimate.${id}`], pairs.estimate[i]!, 1e-9, `estimate ${id}`);
        close(r[`emmPairSe.${id}`], pairs.se[i]!, 1e-9, `se ${id}`);
        close(r[`emmPairT.${id}`], pairs.t[i]!, 1e-9, `t ${id}`);
        close(r[`emmPairP.${id}`], pairs.p[i]!, 1e-9, `p ${id}`);
        close(r[`emmPairLower.${id}`], pairs.lower[i]!, 1e-9, `lower ${id}`);
        close(r[`emmPairUpper.${id}`], pairs.upper[i]!, 1e-9, `upper ${id}`);
      });
    family('', ref.overall);
    for (const g of ref.groups) family(`${g}.`, ref.byGroup[g]!);
  };
  it('the example (15/15/14), at 95% and 90%', () => {
    check(run(table, params).results, R.example!);
    check(run(table, { ...params, level: 0.9 }).results, R.example90!);
  });
  it('an unbalanced design (7/8/6 subjects)', () => {
    const data = {
      rows: M.Y.length,
      variables: [...['T1', 'T2', 'T3', 'T4'].map((name) => ({ name, type: 'numeric' as const, valid: M.Y.length, missing: 0, distinct: 0, min: null, max: null, mean: null, levels: [] })), { name: 'g', type: 'categorical' as const, valid: M.Y.length, missing: 0, distinct: 3, min: null, max: null, mean: null, levels: [] }],
      numeric: (n: string) => M.Y.map((row) => row[Number(n.slice(1)) - 1]!),
      text: (n: string) => (n === 'g' ? M.group : M.Y.map((row) => String(row[Number(n.slice(1)) - 1]))),
    };
    const out = run(data, { vars: ['T1', 'T2', 'T3', 'T4'], group: 'g', correction: 'auto', simple: true, level: 0.95 });
    check(out.results, R.unbalanced!);
    const section = out.sections.find((s) => s.title === '两两比较')!;
    const [overall, within] = section.blocks;
    expect(overall?.type === 'table' && overall.rows).toHaveLength(6);
    expect(within?.type === 'table' && within.rows).toHaveLength(18);
    expect(overall?.type === 'table' && overall.footnotes.join('')).toContain('假定球形');
  });
  it('no comparisons when simple effects are switched off; none of these keys without a group', () => {
    expect(run(table, { ...params, simple: false }).sections.some((s) => s.title === '两两比较')).toBe(false);
    expect(Object.keys(run(table, { ...params, group: '' }).results).some((k) => k.startsWith('emm'))).toBe(false);
  });
});
