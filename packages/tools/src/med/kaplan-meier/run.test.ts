// Kaplan–Meier tool on the example (survival::lung) against R: reference/survival.R prints every
// number checked here (survfit, quantile, summary(times =), print(rmean = τ), survdiff rho = 0/1,
// and a weighted log-rank written out in R that reproduces survdiff). Tolerance 1e-9 relative: all
// of these are closed forms.
import { readFileSync } from 'node:fs';
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable, Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'survival-cohort')!.file);
const REL = 1e-9;
const close = (got: unknown, want: number, label: string, rel = REL) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const base: Params = { ...defaults, time: '随访时间(天)', status: '结局', event: '死亡' };

/** An in-memory table of the given columns (numbers as numbers, text as text, null missing). */
function tableOf(cols: Record<string, Array<string | number | null>>): DataTable {
  const names = Object.keys(cols);
  const rows = cols[names[0]!]!.length;
  const variables: VariableInfo[] = names.map((name) => {
    const present = cols[name]!.filter((v) => v !== null);
    return { name, type: present.every((v) => typeof v === 'number') ? 'numeric' : 'categorical', valid: present.length, missing: rows - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  });
  return {
    rows,
    variables,
    numeric: (n) => cols[n]!.map((v) => (v === null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null)),
    text: (n) => cols[n]!.map((v) => (v === null ? null : String(v))),
  };
}

describe('Kaplan–Meier 生存分析 on the example, against R', () => {
  it('by sex: medians and quartiles with log-log CIs, survival at 180/365/730, RMST at 730, four tests', () => {
    const r = run(table, { ...base, group: '性别', times: '180, 365, 730', tau: 730 }).results;
    expect([r.n, r.events, r.groups, r.eventValue]).toEqual([228, 165, 2, '死亡']);
    const want = {
      男: { q: [144, 270, 457], lo: [105, 210, 371], hi: [176, 306, 567], risk: [89, 35, 7], s: [0.6444650015417827, 0.3360878346393786, 0.0781240912670194], sLo: [0.558412473005288, 0.2527291433279733, 0.0352038844507715], sHi: [0.718013598160678, 0.421302168222719, 0.143389617998262], rmst: [311.1177658990071, 19.3017187936314] },
      女: { q: [226, 426, 687], lo: [167, 345, 524], hi: [310, 524, 765], risk: [71, 30, 6], s: [0.842401705587783, 0.526463030185906, 0.187232497905056], sLo: [0.7483809161533331, 0.4035798232667308, 0.0846596532272596], sHi: [0.903504304284832, 0.635316232824086, 0.320832676867241], rmst: [434.7052080266454, 27.2475953218648] },
    };
    for (const [g, w] of Object.entries(want)) {
      expect([r[`q25.${g}`], r[`median.${g}`], r[`q75.${g}`]], g).toEqual(w.q);
      expect([r[`medianLower.${g}`], r[`medianUpper.${g}`]], g).toEqual([w.lo[1], w.hi[1]]);
      [180, 365, 730].forEach((t, i) => {
        expect(r[`atRisk.${g}.${t}`], `${g} n.risk ${t}`).toBe(w.risk[i]);
        close(r[`survival.${g}.${t}`], w.s[i]!, `${g} S(${t})`);
        close(r[`survivalLower.${g}.${t}`], w.sLo[i]!, `${g} lower(${t})`);
        close(r[`survivalUpper.${g}.${t}`], w.sHi[i]!, `${g} upper(${t})`);
      });
      close(r[`rmst.${g}`], w.rmst[0]!, `${g} rmean`);
      close(r[`rmstSe.${g}`], w.rmst[1]!, `${g} se(rmean)`);
    }
    close(r.rmstDifference, 123.587442127638, 'RMST 女 − 男');
    close(r.rmstDifferenceSe, 33.3914330212486, 'se of the difference');
    close(r.rmstDifferenceP, 2.14605806492063e-4, 'P of the difference');
    expect(r.test).toBe('logrank');
    close(r.statistic, 10.3267419548856, 'log-rank chi-square');
    close(r.p, 0.0013111645203555, 'log-rank P');
    close(r.gehanBreslowP, 4.13067632019392e-4, 'Gehan–Breslow P');
    close(r.taroneWareP, 4.16753001361995e-4, 'Tarone–Ware P');
    close(r.petoPetoP, 3.62898927598897e-4, 'Peto–Peto P');
    expect([r['observed.男'], r['observed.女']]).toEqual([112, 53]);
    close(r['expected.男'], 91.5817390295728, 'E 男');
    close(r['expected.女'], 73.4182609704272, 'E 女');
  });

  it('Peto–Peto reports weighted observed and expected as survdiff(rho = 1) prints them', () => {
    const out = run(table, { ...base, group: '性别', test: 'peto-peto' });
    const r = out.results;
    close(r.statistic, 12.7141514011575, 'Peto–Peto chi-square');
    close(r['observed.男'], 70.3775422947522, 'O 男');
    close(r['observed.女'], 28.7286532721899, 'O 女');
    close(r['expected.男'], 55.5710854717843, 'E 男');
    close(r['expected.女'], 43.5351100951578, 'E 女');
    const oe = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.startsWith('表8'));
    expect(oe?.type === 'table' && oe.rows[0]!.slice(0, 5)).toEqual(['男', 138, 112, 70.38, 55.57]);
    close(run(table, { ...base, group: '性别', test: 'gehan-breslow' }).results.statistic, 12.4721353312626, 'Gehan–Breslow chi-square');
    close(run(table, { ...base, group: '性别', test: 'tarone-ware' }).results.statistic, 12.4555439022151, 'Tarone–Ware chi-square');
  });

  it('three ECOG groups in the order given: default τ, Peto–Peto with Holm-adjusted pairs', () => {
    const r = run(table, { ...base, group: '体能状态', groupOrder: 'ECOG 0', test: 'peto-peto', adjust: 'holm', times: '180, 365', tau: 0 }).results;
    expect([r.n, r.excluded, r.tau]).toEqual([227, 1, 814]);
    expect(r['q75.ECOG 0']).toBe(655);
    expect(r['medianUpper.ECOG 0']).toBe(558);
    expect([r['q25.ECOG 2-3'], r['median.ECOG 2-3'], r['q75.ECOG 2-3']]).toEqual([105, 183, 351]);
    close(r['survival.ECOG 1.365'], 0.430654977179708, 'S(365) ECOG 1');
    close(r['survivalLower.ECOG 2-3.180'], 0.369744666939808, 'lower S(180) ECOG 2-3');
    const rmst = { 'ECOG 0': [443.916357741624, 35.9154705797684], 'ECOG 1': [372.1843611316327, 23.6832994023876], 'ECOG 2-3': [255.7635956091838, 30.7403210352333] };
    for (const [g, [m, se]] of Object.entries(rmst)) {
      close(r[`rmst.${g}`], m!, `rmean ${g}`);
      close(r[`rmstSe.${g}`], se!, `se(rmean) ${g}`);
    }
    close(r.statistic, 21.4374483641562, 'Peto–Peto chi-square');
    const oe = { 'ECOG 0': [19.8768912640697, 31.1895063849117], 'ECOG 1': [47.8142297329236, 50.3464793551159], 'ECOG 2-3': [30.8472604535035, 17.0023957104692] };
    for (const [g, [o, e]] of Object.entries(oe)) {
      close(r[`observed.${g}`], o!, `O ${g}`);
      close(r[`expected.${g}`], e!, `E ${g}`);
    }
    close(r.logrankP, 7.56314146804755e-5, 'log-rank P');
    close(r.gehanBreslowP, 1.91467577449434e-5, 'Gehan–Breslow P');
    close(r.taroneWareP, 2.05400119148205e-5, 'Tarone–Ware P');
    const pairs = ['ECOG 0|ECOG 1', 'ECOG 0|ECOG 2-3', 'ECOG 1|ECOG 2-3'];
    const chisq = [3.59791072413966, 17.91841075310977, 11.49017464978154];
    const p = [5.7852234308629e-2, 2.30579754093705e-5, 6.9965062184759e-4];
    const holm = [5.7852234308629e-2, 6.91739262281116e-5, 1.39930124369518e-3];
    pairs.forEach((k, i) => {
      close(r[`pairwiseStatistic.${k}`], chisq[i]!, `${k} chi-square`);
      close(r[`pairwiseP.${k}`], p[i]!, `${k} P`);
      close(r[`pairwiseAdjustedP.${k}`], holm[i]!, `${k} Holm`);
    });
  });

  it('pairwise Tarone–Ware with Bonferroni', () => {
    const r = run(table, { ...base, group: '体能状态', groupOrder: 'ECOG 0', test: 'tarone-ware', adjust: 'bonferroni' }).results;
    const pairs = ['ECOG 0|ECOG 1', 'ECOG 0|ECOG 2-3', 'ECOG 1|ECOG 2-3'];
    const chisq = [3.89810954564859, 18.73805474107715, 10.99606952103257];
    const bonf = [1.45021421125198e-1, 4.49879271611372e-5, 2.73915928222928e-3];
    pairs.forEach((k, i) => {
      close(r[`pairwiseStatistic.${k}`], chisq[i]!, `${k} chi-square`);
      close(r[`pairwiseAdjustedP.${k}`], bonf[i]!, `${k} Bonferroni`);
    });
  });

  it('one overall curve with log CIs; τ defaults to the longest follow-up', () => {
    const r = run(table, { ...base, group: '', confType: 'log', times: '365', tau: 0 }).results;
    expect(r.tau).toBe(1022);
    expect([r['q25.总体'], r['median.总体'], r['q75.总体'], r['medianLower.总体'], r['medianUpper.总体']]).toEqual([170, 310, 550, 285, 363]);
    close(r['survival.总体.365'], 0.409241624460064, 'S(365)');
    close(r['survivalLower.总体.365'], 0.344721581795827, 'lower');
    close(r['survivalUpper.总体.365'], 0.485837603547281, 'upper');
    close(r['rmst.总体'], 376.2747461478497, 'rmean');
    close(r['rmstSe.总体'], 19.7077914213399, 'se(rmean)');
    expect(r.p).toBeUndefined();
  });

  it('draws step curves with CI bands and censor marks, and a number-at-risk table on the axis ticks', () => {
    const out = run(table, { ...base, group: '性别' });
    const blocks = out.sections.flatMap((s) => s.blocks);
    const chart = blocks.find((b) => b.type === 'chart');
    expect(chart?.type).toBe('chart');
    const series = (chart as { option: { series: Array<Record<string, unknown>> } }).option.series;
    expect(series.filter((s) => s.type === 'line' && s.step === 'end' && !s.stack)).toHaveLength(2);
    expect(series.filter((s) => s.stack)).toHaveLength(4);
    expect(series.filter((s) => s.type === 'scatter' && s.xAxisIndex === undefined)).toHaveLength(2);
    const risk = blocks.find((b) => b.type === 'table' && b.title.includes('风险人数'));
    expect(risk?.type === 'table' && risk.columns).toEqual(['组别', '0', '200', '400', '600', '800', '1000', '1200']);
    expect(risk?.type === 'table' && risk.rows[0]).toEqual(['男', 138, 78, 31, 13, 6, 2, 0]);
    const script = rScript('kaplan-meier', { ...base, group: '性别' }, 'data.csv')!;
    expect(script).toContain('survdiff(Surv(time, status) ~ group, x, rho = 1)');
  });
});

// packages/stats/fixtures/make-km-at-risk.R: summary(survfit, times = ticks, extend = TRUE)$n.risk.
describe('Kaplan–Meier: the number at risk under the plot, against R', () => {
  const R = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/km-at-risk.json', import.meta.url), 'utf8')) as Record<string, { ticks: number[]; groups: string[]; nRisk: number[][] }>;
  type Axis = { gridIndex?: number; min?: number; max?: number; interval?: number; show?: boolean; data?: Array<{ value: string; textStyle: { color: string } }> };
  type Option = { grid: Array<Record<string, number>>; xAxis: Axis[]; yAxis: Axis[]; series: Array<Record<string, unknown>>; graphic: Array<{ style: { text: string } }> };
  /** The counts printed in the chart's risk grid: group → (tick → count), read back from the option. */
  function printed(out: ReturnType<typeof run>) {
    const chart = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart')!;
    const option = (chart as unknown as { option: Option }).option;
    const rows = new Map<string, Map<number, number>>();
    for (const s of option.series.filter((x) => x.xAxisIndex === 1)) {
      for (const d of s.data as Array<{ value: [number, string]; label: { formatter: string } }>) {
        if (!rows.has(d.value[1])) rows.set(d.value[1], new Map());
        rows.get(d.value[1])!.set(d.value[0], Number(d.label.formatter));
      }
    }
    return { option, rows };
  }
  const check = (out: ReturnType<typeof run>, ref: { ticks: number[]; groups: string[]; nRisk: number[][] }) => {
    const { option, rows } = printed(out);
    expect([...rows.keys()]).toEqual(ref.groups);
    ref.groups.forEach((g, i) => expect(ref.ticks.map((t) => rows.get(g)!.get(t)), g).toEqual(ref.nRisk[i]));
    // Aligned: the risk grid's x axis is the curves' (same scale, same left and right edges), hidden.
    const [main, risk] = option.xAxis;
    expect([risk!.gridIndex, risk!.min, risk!.max, risk!.interval, risk!.show]).toEqual([1, main!.min, main!.max, main!.interval, false]);
    expect([main!.min, main!.max, main!.interval]).toEqual([0, ref.ticks.at(-1), ref.ticks[1]! - ref.ticks[0]!]);
    expect([option.grid[1]!.left, option.grid[1]!.right]).toEqual([option.grid[0]!.left, option.grid[0]!.right]);
    expect(option.yAxis[1]!.data!.map((d) => d.value)).toEqual(ref.groups);
    expect(option.graphic.some((g) => g.style.text === '风险人数')).toBe(true);
    // The separate table prints the same numbers.
    const tableBlock = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.includes('风险人数'))!;
    expect(tableBlock.type === 'table' && tableBlock.rows).toEqual(ref.groups.map((g, i) => [g, ...ref.nRisk[i]!]));
  };
  it('by sex (two groups) and by ECOG group (three, after listwise deletion)', () => {
    check(run(table, { ...base, group: '性别' }), R.sex!);
    check(run(table, { ...base, group: '体能状态' }), R.ecog!);
  });
  it('overall, without a group', () => {
    check(run(table, { ...base, group: '' }), R.overall!);
  });
  it('other ticks: patients followed at most 500 days', () => {
    const keep = table.numeric('随访时间(天)').map((t) => t !== null && t <= 500);
    const sub: DataTable = {
      ...table,
      rows: keep.filter(Boolean).length,
      numeric: (n) => table.numeric(n).filter((_, i) => keep[i]),
      text: (n) => table.text(n).filter((_, i) => keep[i]),
    };
    check(run(sub, { ...base, group: '性别' }), R.sex500!);
  });
});

describe('Kaplan–Meier 生存分析 refuses bad input with the column and the fix', () => {
  const cols = (over: Record<string, Array<string | number | null>> = {}) =>
    tableOf({ 时间: [5, 8, 12, 3, 9, 15, 7, 11], 结局: [1, 0, 1, 1, 0, 1, 1, 0], 组: ['A', 'A', 'A', 'A', 'B', 'B', 'B', 'B'], ...over });
  const p = (over: Params = {}): Params => ({ ...defaults, time: '时间', status: '结局', group: '组', ...over });
  it('a time ≤ 0, naming the rows', () => {
    expect(() => run(cols({ 时间: [5, 0, 12, -3, 9, 15, 7, 11] }), p())).toThrow(/“时间”必须大于 0.*第 2、4 行/);
  });
  it('text in the time column', () => {
    expect(() => run(cols({ 时间: [5, '八', 12, 3, 9, 15, 7, 11] }), p())).toThrow(/“时间”应为数值.*第 2 行/);
  });
  it('no events at all', () => {
    expect(() => run(cols({ 结局: ['删失', '删失', '删失', '删失', '删失', '删失', '删失', '删失'] }), p())).toThrow('只有一个取值“删失”');
    expect(() => run(cols({ 结局: [0, 0, 0, 0, 0, 0, 0, 0] }), p({ event: '1' }))).toThrow('没有发生事件（“1”）');
  });
  it('an outcome with three values, or codes it cannot read', () => {
    expect(() => run(cols({ 结局: [1, 0, 2, 1, 0, 1, 2, 0] }), p())).toThrow('应为二分类变量');
    expect(() => run(cols({ 结局: ['甲', '乙', '甲', '甲', '乙', '甲', '甲', '乙'] }), p())).toThrow('请在“代表事件的取值”中填写');
    expect(run(cols({ 结局: ['甲', '乙', '甲', '甲', '乙', '甲', '甲', '乙'] }), p({ event: '甲' })).results.events).toBe(5);
  });
  it('a group with one member, and a single group', () => {
    expect(() => run(cols({ 组: ['A', 'A', 'A', 'A', 'B', 'B', 'B', 'C'] }), p())).toThrow('组“C”只有 1 例');
    expect(() => run(cols({ 组: ['A', 'A', 'A', 'A', 'A', 'A', 'A', 'A'] }), p())).toThrow('只有一个组');
  });
  it('a group order naming a group that is not there', () => {
    expect(() => run(cols(), p({ groupOrder: 'C' }))).toThrow('没有取值“C”');
  });
  it('missing rows are left out and counted', () => {
    const r = run(cols({ 时间: [5, null, 12, 3, 9, 15, 7, 11], 组: ['A', 'A', 'A', 'A', 'B', null, 'B', 'B'] }), p()).results;
    expect([r.n, r.excluded]).toEqual([6, 2]);
  });
});
