// Cox tool on the example (survival::lung) against R: reference/survival.R prints every number
// checked here (coxph with eps 1e-12, summary, the LR test dropping a factor as drop1 does,
// concordance and its std, cox.zph). Tolerance 1e-6 relative: the fits are iterative (as the
// engine's own coxph tests).
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable, Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'survival-cohort')!.file);
const ITER = 1e-6;
const close = (got: unknown, want: number, label: string, rel = ITER) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams, reference: '体能状态=ECOG 0' };

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

interface CoxRef {
  names: string[];
  coef: number[];
  se: number[];
  p: number[];
  lower: number[];
  upper: number[];
  loglik: [number, number];
  tests: [number, number, number];
  c: [number, number];
  aic: number;
  zphTerms: string[];
  zphChisq: number[];
  zphP: number[];
}

function sameModel(r: Record<string, unknown>, w: CoxRef) {
  w.names.forEach((name, i) => {
    close(r[`estimate.${name}`], w.coef[i]!, `${name} B`);
    close(r[`se.${name}`], w.se[i]!, `${name} SE`);
    close(r[`p.${name}`], w.p[i]!, `${name} P`);
    close(r[`hr.${name}`], Math.exp(w.coef[i]!), `${name} HR`);
    close(r[`hrLower.${name}`], w.lower[i]!, `${name} HR lower`);
    close(r[`hrUpper.${name}`], w.upper[i]!, `${name} HR upper`);
  });
  expect(r.parameters).toBe(w.names.length);
  close(r.logLikNull, w.loglik[0], 'loglik(0)');
  close(r.logLik, w.loglik[1], 'loglik');
  close(r.statistic, w.tests[0], 'LR chi-square');
  close(r.waldStatistic, w.tests[1], 'Wald chi-square');
  close(r.scoreStatistic, w.tests[2], 'score chi-square');
  close(r.concordance, w.c[0], 'C');
  close(r.concordanceSe, w.c[1], 'se(C)');
  close(r.aic, w.aic, 'AIC');
  w.zphTerms.forEach((term, i) => {
    if (term === 'GLOBAL') {
      close(r.zphGlobalChisq, w.zphChisq[i]!, 'zph global chi-square');
      close(r.zphGlobalP, w.zphP[i]!, 'zph global P');
    } else close(r[`zphP.${term}`], w.zphP[i]!, `zph ${term}`);
  });
}

describe('Cox 回归 on the example, against R', () => {
  it('univariable screening and the multivariable model (Efron), reference level picked, drop1, C with SE, cox.zph', () => {
    const out = run(table, example);
    const r = out.results;
    expect([r.n, r.events, r.excluded, r.ties]).toEqual([213, 151, 15, 'efron']);
    // Each covariate alone.
    const uni: Record<string, [number, number, number, number]> = {
      年龄: [1.02223648489201, 1.00305736221327, 1.04178232512907, 0.0228542112035433],
      体重下降: [1.00058067427523, 0.988604828947917, 1.01270159361705, 0.924719470950289],
      性别女: [0.586443643745432, 0.416739667544777, 0.825254167225314, 0.00219935746753112],
      '体能状态ECOG 1': [1.43550800545285, 0.96073005389788, 2.14491388643313, 7.76583750870685e-2],
      '体能状态ECOG 2-3': [2.51696361362016, 1.59436567653424, 3.97343340083613, 7.41937836970866e-5],
    };
    for (const [term, [hr, lo, hi, p]] of Object.entries(uni)) {
      close(r[`uniHr.${term}`], hr, `univariable ${term} HR`);
      close(r[`uniHrLower.${term}`], lo, `univariable ${term} lower`);
      close(r[`uniHrUpper.${term}`], hi, `univariable ${term} upper`);
      close(r[`uniP.${term}`], p, `univariable ${term} P`);
    }
    const lr: Record<string, number> = { 年龄: 0.020931082767741, 体重下降: 0.924848755837074, 性别: 0.00167956028633874, 体能状态: 0.0004258095918423 };
    for (const [v, p] of Object.entries(lr)) close(r[`uniLrP.${v}`], p, `univariable LR P ${v}`);
    sameModel(r, {
      names: ['年龄', '体重下降', '性别女', '体能状态ECOG 1', '体能状态ECOG 2-3'],
      coef: [0.01334272480881747, -0.00898476532792051, -0.58901338708044759, 0.45872571133819634, 1.01840312907180275],
      se: [0.00965791578694898, 0.00668116942061635, 0.17567549798423049, 0.208252498894059, 0.25162050984467726],
      p: [1.67115283621177e-1, 1.78693277956631e-1, 7.99843809984846e-4, 2.76132140531703e-2, 5.17947264649258e-5],
      lower: [0.994429132852732, 0.978162353826773, 0.393241624237027, 1.051858199431456, 1.690857830227875],
      upper: [1.032798276636927, 1.004118544098734, 0.782942721672275, 2.379506489576348, 4.533844550184085],
      loglik: [-675.024373318332, -659.766265779638],
      tests: [30.5162150773881, 29.6325549352783, 30.8271323672841],
      c: [0.6468823529411765, 0.0264010956909521],
      aic: 1329.53253155928,
      zphTerms: ['年龄', '体重下降', '性别', '体能状态', 'GLOBAL'],
      zphChisq: [0.44724363776941, 0.062083621504257, 2.940909932486222, 2.535930716439554, 5.488163081007736],
      zphP: [0.5036468215490167, 0.8032324931613204, 0.0863620698150915, 0.2814035952124612, 0.3592455879593275],
    });
    close(r['termP.体能状态'], 3.19335976118459e-4, 'drop1 P 体能状态');
    // The reference rows and the forest plot.
    const blocks = out.sections.flatMap((s) => s.blocks);
    const multi = blocks.find((b) => b.type === 'table' && b.title.startsWith('表3'));
    expect(multi?.type === 'table' && multi.rows.map((row) => [row[0], row[1], row[6]])).toEqual([
      ['年龄', '', 1.013],
      ['体重下降', '', 0.991],
      ['性别', '男', '1（参照）'],
      ['', '女', 0.555],
      ['体能状态', 'ECOG 0', '1（参照）'],
      ['', 'ECOG 1', 1.582],
      ['', 'ECOG 2-3', 2.769],
    ]);
    const forest = blocks.find((b) => b.type === 'chart');
    expect(forest?.type === 'chart' && JSON.stringify(forest.option)).toContain('"xAxis":1');
    // One scaled-Schoenfeld plot per term, every event on it, the dashed line at β.
    const resid = blocks.filter((b) => b.type === 'chart' && b.title.includes('Schoenfeld'));
    expect(resid.map((b) => b.type === 'chart' && b.title)).toEqual(['年龄', '体重下降', '性别', '体能状态'].map((t, i) => `图${i + 2} “${t}”的标准化 Schoenfeld 残差`));
    const ageSeries = (resid[0] as { option: { series: Array<{ data: number[][] }> } }).option.series;
    expect(ageSeries[0]!.data).toHaveLength(151);
    expect(ageSeries[2]!.data[0]![1]).toBeCloseTo(0.01334272480881747, 7);
    expect(rScript('cox-regression', example, 'data.csv')).toContain('levels = unique(c("ECOG 0", as.character(x[["体能状态"]])))');
  });

  it('Breslow ties within strata of sex, cox.zph on the rank scale', () => {
    const r = run(table, { ...example, x: ['年龄'], factors: ['体能状态'], strata: '性别', ties: 'breslow', zphTransform: 'rank' }).results;
    expect([r.n, r.events, r.strata]).toEqual([227, 164, '性别']);
    sameModel(r, {
      names: ['年龄', '体能状态ECOG 1', '体能状态ECOG 2-3'],
      coef: [0.0103257751633965, 0.3643821546698262, 0.9105113501501999],
      se: [0.00927633353061674, 0.20108399803554436, 0.22732795145797546],
      p: [2.65652137024242e-1, 6.99724044692586e-2, 6.19449237753215e-5],
      lower: [0.992175269375936, 0.970702503357759, 1.59194533992262],
      upper: [1.02891726960623, 2.13507024693892, 3.88089558426523],
      loglik: [-638.689787173241, -629.044728789265],
      tests: [19.2901167679515, 20.1120166322943, 21.0629475622338],
      c: [0.6069960814298002, 0.0265408900115533],
      aic: 1264.08945757853,
      zphTerms: ['年龄', '体能状态', 'GLOBAL'],
      zphChisq: [0.0951640840227478, 2.8867938320308633, 2.887156525554583],
      zphP: [0.757711969717384, 0.236124300396907, 0.409352624431001],
    });
  });

  it('screening by the univariable LR P (< 0.05) drops 体重下降 and refits on the same rows', () => {
    const out = run(table, { ...example, selection: 'screen', screenP: 0.05 });
    const r = out.results;
    expect(r.n).toBe(213);
    expect(r['estimate.体重下降']).toBeUndefined();
    sameModel(r, {
      names: ['年龄', '性别女', '体能状态ECOG 1', '体能状态ECOG 2-3'],
      coef: [0.0134633230366836, -0.570985929995901, 0.4147323398624909, 0.9016623259497832],
      se: [0.00978302511855743, 0.17518777829156859, 0.2060773378364186, 0.23795248125720428],
      p: [0.1687621307539996, 0.00111695578296912, 0.04416638926489857, 0.00015110052516031],
      lower: [0.994305223211387, 0.400777981948399, 1.010887016584518, 1.545401941234372],
      upper: [1.033176151631884, 0.796423504324238, 2.267406120742106, 3.927647394371405],
      loglik: [-675.024373318332, -660.700942012892],
      tests: [28.6468626108792, 28.2207727421519, 29.3083717026808],
      c: [0.6418529411764706, 0.0265576685371382],
      aic: 1329.40188402578,
      zphTerms: ['年龄', '性别', '体能状态', 'GLOBAL'],
      zphChisq: [0.46387032056944, 2.5101155019123, 3.12382956706756, 5.36222487580726],
      zphP: [0.495820706893236, 0.113117640730742, 0.209734091087046, 0.252108068915535],
    });
    const conclusion = out.sections.at(-1)!.blocks[0]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('按单因素 P 值筛选变量可能遗漏');
  });

  it('with no variable passing the screen, reports the univariable table only', () => {
    const out = run(table, { ...example, x: ['体重下降'], factors: [], reference: '', selection: 'screen', screenP: 0.05 });
    expect(out.results.statistic).toBeUndefined();
    expect(out.sections.map((s) => s.title)).toEqual(['样本概况', '单因素 Cox 回归', '结论']);
  });
});

describe('Cox 回归 refuses bad input with the term and the fix', () => {
  const base = { 时间: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 结局: [1, 1, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0], x: [3.1, 2.4, 5.5, 1.2, 4.4, 3.3, 2.2, 6.1, 1.9, 3.8, 4.9, 2.7], 组: ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'A', 'B'] };
  const p = (over: Params = {}): Params => ({ ...defaults, time: '时间', status: '结局', x: ['x'], factors: ['组'], ...over });
  it('a covariate that separates events from the censored, named', () => {
    // Whoever has the event has the largest z of those still at risk: the likelihood rises forever.
    const sep = tableOf({ ...base, 结局: base.时间.map((_, i) => (i < 6 ? 1 : 0)), z: base.时间.map((_, i) => 12 - i) });
    expect(() => run(sep, p({ x: ['z'], factors: [] }))).toThrow(/多因素模型：模型不收敛：协变量“z”/);
  });
  it('a constant covariate', () => {
    expect(() => run(tableOf({ ...base, c: base.x.map(() => 5) }), p({ x: ['c'] }))).toThrow('“c”在分析的行中取值恒定');
  });
  it('a category without events', () => {
    expect(() => run(tableOf({ ...base, 组: ['A', 'B', 'C', 'B', 'A', 'C', 'A', 'C', 'A', 'B', 'C', 'B'] }), p())).toThrow('类别“C”（4 例）中没有发生事件');
  });
  it('too few events for the parameters', () => {
    const few = tableOf({ ...base, 结局: [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], y: base.x.map((v) => v * v) });
    expect(() => run(few, p({ x: ['x', 'y'], factors: [] }))).toThrow('事件数（2）太少');
  });
  it('a time ≤ 0, naming the rows', () => {
    expect(() => run(tableOf({ ...base, 时间: [2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13] }), p())).toThrow(/第 3 行/);
  });
  it('a reference level or variable that is not there; strata used as a covariate', () => {
    expect(() => run(tableOf(base), p({ reference: '组=C' }))).toThrow('没有取值“C”');
    expect(() => run(tableOf(base), p({ reference: 'x=1' }))).toThrow('“x”不是所选的分类协变量');
    expect(() => run(tableOf(base), p({ strata: '组' }))).toThrow('分层变量“组”不能同时作为协变量');
    expect(() => run(tableOf(base), p({ x: [], factors: [] }))).toThrow('请至少选择一个协变量');
  });
  it('the reference picker orders the levels', () => {
    const r = run(tableOf(base), p({ reference: '组=B' })).results;
    expect(r['hr.组A']).toBeDefined();
    expect(r['hr.组B']).toBeUndefined();
  });
});
