// Logistic tool on the example (MASS::birthwt) against R: reference/logistic.R prints every number
// checked here (glm with epsilon 1e-14; confint.default and MASS profile CIs; drop1; Hosmer–Lemeshow
// written out as hoslem.test does; pROC DeLong; car::vif on the lm with the same predictors;
// SPSS-style LR stepwise written out; step()). Tolerance 1e-6 relative, as the engine's own logistic
// tests: the fits are iterative (IRLS stops on a 1e-12 relative deviance change and takes SEs from
// the last step's weights, ~1e-7 from R's fit to epsilon 1e-14). Wald P values 1e-5: P = 2Φ(−|z|)
// magnifies that relative error by about z². Profile CI ends 1e-4: confint() (MASS) interpolates a
// spline through a few profile points, the engine solves for the crossing exactly (checked against
// uniroot on the profile deviance in packages/stats' own fixtures); the two differ by up to 3e-5 here.
import { readFileSync } from 'node:fs';
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'birth-weight')!.file);
const ITER = 1e-6;
const P_REL = 1e-5;
const close = (got: unknown, want: number, label: string, rel = ITER) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
// The card's example plus 子宫激惹, with white mothers and no uterine irritability as references.
const example: Params = { ...defaults, ...definition.exampleParams, event: '是', factors: ['种族', '孕期吸烟', '早产史', '高血压史', '子宫激惹'], reference: '种族=白人; 子宫激惹=无' };

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

interface ModelRef {
  terms: string[];
  b: number[];
  se: number[];
  p: number[];
  lower: number[];
  upper: number[];
  lr: [number, number, number];
  fit: [number, number, number, number];
  r2: [number, number];
  hl: [number, number, number];
  table: [number, number, number, number];
  roc: [number, number, number, number];
  vif: Record<string, number>;
}

function sameModel(r: Record<string, unknown>, w: ModelRef, ciRel = ITER) {
  w.terms.forEach((t, i) => {
    close(r[`estimate.${t}`], w.b[i]!, `${t} B`);
    close(r[`se.${t}`], w.se[i]!, `${t} SE`);
    close(r[`p.${t}`], w.p[i]!, `${t} P`, P_REL);
    close(r[`or.${t}`], Math.exp(w.b[i]!), `${t} OR`);
    close(r[`wald.${t}`], (w.b[i]! / w.se[i]!) ** 2, `${t} Wald`);
    close(r[`orLower.${t}`], w.lower[i]!, `${t} OR lower`, ciRel);
    close(r[`orUpper.${t}`], w.upper[i]!, `${t} OR upper`, ciRel);
  });
  close(r.statistic, w.lr[0], 'LR chi-square');
  expect(r.df).toBe(w.lr[1]);
  close(r.p, w.lr[2], 'LR P');
  close(r.deviance, w.fit[0], '-2LL');
  close(r.nullDeviance, w.fit[1], 'null -2LL');
  close(r.aic, w.fit[2], 'AIC');
  close(r.bic, w.fit[3], 'BIC');
  close(r.coxSnellR2, w.r2[0], 'Cox-Snell');
  close(r.nagelkerkeR2, w.r2[1], 'Nagelkerke');
  close(r.hlStatistic, w.hl[0], 'HL');
  expect(r.hlDf).toBe(w.hl[1]);
  close(r.hlP, w.hl[2], 'HL P');
  expect([r.truePositive, r.falseNegative, r.falsePositive, r.trueNegative]).toEqual(w.table);
  close(r.auc, w.roc[0], 'AUC');
  close(r.aucSe, w.roc[1], 'AUC SE');
  close(r.aucLower, w.roc[2], 'AUC lower');
  close(r.aucUpper, w.roc[3], 'AUC upper');
  for (const [t, v] of Object.entries(w.vif)) close(r[`vif.${t}`], v, `VIF ${t}`);
}

describe('二元 Logistic 回归 on the example, against R', () => {
  it('univariable screening, all entered with Wald CIs, drop1 for race, HL, classification, ROC, GVIF', () => {
    const out = run(table, example);
    const r = out.results;
    expect([r.n, r.events, r.excluded, r.eventValue]).toEqual([189, 59, 0, '是']);
    const uni: Record<string, [number, number, number, number]> = {
      母亲年龄: [0.950133343885526, 0.893223172579689, 1.010669448437929, 0.104548186393305],
      '母亲体重(kg)': [0.9694693021603127, 0.9439623599162283, 0.9956654711471887, 0.0226499431467677],
      种族黑人: [2.3275362318840505, 0.9385072551814426, 5.7723846894349764, 0.0683013148136968],
      种族其他: [1.8892339544513508, 0.9554576584399415, 3.7355971801823622, 0.0674045587804333],
      孕期吸烟是: [2.0219435736677078, 1.0806596029990703, 3.7831115401652138, 0.0276196796113605],
      早产史有: [4.31707317073172, 1.916127615004497, 9.726450689145716, 0.000416951073823791],
      高血压史有: [3.365384615384623, 1.021427421368184, 11.088221612747363, 0.0460631471508051],
      子宫激惹有: [2.5777777777777922, 1.1389045465443339, 5.8344997320162557, 0.0230838193205719],
    };
    for (const [t, [or, lo, hi, p]] of Object.entries(uni)) {
      close(r[`uniOr.${t}`], or, `univariable ${t} OR`);
      close(r[`uniOrLower.${t}`], lo, `univariable ${t} lower`);
      close(r[`uniOrUpper.${t}`], hi, `univariable ${t} upper`);
      close(r[`uniP.${t}`], p, `univariable ${t} P`, P_REL);
    }
    const lr: Record<string, number> = {
      母亲年龄: 0.0966459578592768,
      '母亲体重(kg)': 0.0144263407343543,
      种族: 0.0816606523045043,
      孕期吸烟: 0.0273687587229132,
      早产史: 0.000351425234146029,
      高血压史: 0.044906870675448,
      子宫激惹: 0.024257918004958,
    };
    for (const [v, p] of Object.entries(lr)) close(r[`uniLrP.${v}`], p, `univariable LR P ${v}`);
    sameModel(r, {
      terms: ['(Intercept)', '母亲年龄', '母亲体重(kg)', '种族黑人', '种族其他', '孕期吸烟是', '早产史有', '高血压史有', '子宫激惹有'],
      b: [0.6391357224141567, -0.0377506733172733, -0.0329067435517923, 1.2130480315073946, 0.8037713681957088, 0.8459013137775684, 1.2221638305903315, 1.8392776451201178, 0.711316795347215],
      se: [1.2306296730716093, 0.0378111391290019, 0.0155259006814411, 0.5325196152298045, 0.4484714100657305, 0.4081004277007448, 0.4630164661591236, 0.7033278957978087, 0.4631291063694354],
      p: [0.60351204518507617, 0.31808502326639965, 0.03405042480515649, 0.02273011917085097, 0.07309347005044875, 0.03819300741488347, 0.00830115652829011, 0.00891995285139593, 0.12456460258763936],
      lower: [0.16984753197226, 0.894170197667026, 0.938627150248847, 1.184509499703394, 0.927542703891399, 1.047115429234202, 1.369804779086808, 1.585310520350496, 0.82168384612504],
      upper: [21.139124388737198, 1.037026825818258, 0.997526526700131, 9.552159918713205, 5.380380948942014, 5.184966880736436, 8.412001435682631, 24.972494275854025, 5.048207168035675],
      lr: [37.8471521901666, 8, 8.03387086359311e-6],
      fit: [196.824844003052, 234.671996193219, 214.824844003052, 244.000567138589],
      r2: [0.181473480429614, 0.255203547194148],
      hl: [4.675556569089067, 8, 0.791623126955824],
      table: [25, 34, 14, 116],
      roc: [0.7574315514993482, 0.0370945260782012, 0.6847276163624919, 0.8301354866362042],
      vif: { 母亲年龄: 1.12879072882663, '母亲体重(kg)': 1.23611008892728, 种族: 1.34455553540218, 孕期吸烟: 1.21476429155534, 早产史: 1.11703416631742, 高血压史: 1.07827336030039, 子宫激惹: 1.07037895272709 },
    });
    close(r['termP.种族'], 0.04062858318150436, 'drop1 P 种族');
    // Reference rows first, the constant last; the forest plot has the no-effect line at 1.
    const blocks = out.sections.flatMap((s) => s.blocks);
    const multi = blocks.find((b) => b.type === 'table' && b.title.startsWith('表3'));
    expect(multi?.type === 'table' && multi.rows.map((row) => [row[0], row[1], row[6]])).toEqual([
      ['母亲年龄', '', 0.963],
      ['母亲体重(kg)', '', 0.968],
      ['种族', '白人', '1（参照）'],
      ['', '黑人', 3.364],
      ['', '其他', 2.234],
      ['孕期吸烟', '否', '1（参照）'],
      ['', '是', 2.33],
      ['早产史', '无', '1（参照）'],
      ['', '有', 3.395],
      ['高血压史', '无', '1（参照）'],
      ['', '有', 6.292],
      ['子宫激惹', '无', '1（参照）'],
      ['', '有', 2.037],
      ['常数项', '', 1.895],
    ]);
    const charts = blocks.filter((b) => b.type === 'chart');
    expect(charts.map((c) => c.type === 'chart' && c.title)).toEqual(['图1 多因素 Logistic 回归的 OR（森林图）', '图2 多因素模型预测概率的 ROC 曲线']);
    expect(JSON.stringify((charts[0] as { option: unknown }).option)).toContain('"xAxis":1');
    const conclusion = blocks[blocks.length - 1]!;
    expect(conclusion.type === 'text' && conclusion.markdown).toContain('EPV = 7.4');
    const script = rScript('logistic-regression', example, 'data.csv')!;
    expect(script).toContain('levels = unique(c("白人", as.character(x[["种族"]])))');
    expect(script).toContain('ev <- "是"');
  });

  it('three covariates with profile-likelihood CIs and cut-off 0.3', () => {
    const r = run(table, { ...example, x: ['母亲体重(kg)'], factors: ['种族', '早产史'], reference: '种族=白人', ciMethod: 'profile', cutoff: 0.3 }).results;
    sameModel(
      r,
      {
        terms: ['(Intercept)', '母亲体重(kg)', '种族黑人', '种族其他', '早产史有'],
        b: [0.354139394608984, -0.0303266197375158, 1.1057758982125114, 0.4930124112217993, 1.4017978390499106],
        se: [0.87867119705859, 0.0145912991903, 0.504278772600725, 0.369021379461236, 0.42662482565465],
        p: [0.68691900341145273, 0.03767213222611904, 0.02832273454039916, 0.18154940770439798, 0.00101698275672842],
        lower: [0.265956399053082, 0.941163941446963, 1.119396596252195, 0.794103210226616, 1.779030405529356],
        upper: [8.457315796900733, 0.996815053614211, 8.217188792604734, 3.3932090655789, 9.589396955438323],
        lr: [22.5025563862463, 4, 1.59152464449867e-4],
        fit: [212.169439806972, 234.671996193219, 222.169439806972, 238.37817488227],
        r2: [0.112246482498345, 0.157850615009028],
        hl: [3.274120553035197, 8, 0.915996233647588],
        table: [36, 23, 44, 86],
        roc: [0.7091916558018253, 0.0409423817222694, 0.6289460621848864, 0.7894372494187643],
        vif: {},
      },
      1e-4,
    );
    expect(r.ciMethod).toBe('profile');
    close(r['termP.种族'], 0.069964053519991576, 'drop1 P 种族');
  });

  it('forward stepwise by likelihood-ratio P selects as SPSS Forward:LR', () => {
    const out = run(table, { ...example, selection: 'forward', criterion: 'p' });
    expect(out.results.selected).toBe('母亲年龄、母亲体重(kg)、早产史、高血压史');
    const steps = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.includes('变量选择过程'));
    expect(steps?.type === 'table' && steps.rows.map((row) => [row[1], row[2]])).toEqual([
      ['引入', '早产史'],
      ['引入', '母亲年龄'],
      ['引入', '高血压史'],
      ['引入', '母亲体重(kg)'],
    ]);
  });

  it('backward stepwise by AIC selects as step()', () => {
    const r = run(table, { ...example, selection: 'backward', criterion: 'aic' }).results;
    expect(r.selected).toBe('母亲体重(kg)、种族、孕期吸烟、早产史、高血压史、子宫激惹');
    close(r.aic, 213.842753064474, 'final AIC');
  });
});

describe('二元 Logistic 回归 refuses bad input with the column named', () => {
  const y = ['是', '否', '否', '是', '否', '否', '是', '否', '否', '是', '否', '否'];
  const base = { ...defaults, y: '结局', event: '是' };
  it('an outcome with three classes, or one class', () => {
    expect(() => run(tableOf({ 结局: [...y.slice(0, 11), '不详'], 年龄: y.map((_, i) => 40 + i) }), { ...base, x: ['年龄'] })).toThrow(/“结局”应为二分类变量/);
    expect(() => run(tableOf({ 结局: y.map(() => '否'), 年龄: y.map((_, i) => 40 + i) }), { ...base, x: ['年龄'] })).toThrow(/“结局”/);
  });
  it('a constant covariate, a non-numeric one, a factor with one class', () => {
    expect(() => run(tableOf({ 结局: y, 年龄: y.map(() => 50) }), { ...base, x: ['年龄'] })).toThrow(/定量自变量“年龄”.*恒定/);
    expect(() => run(tableOf({ 结局: y, 年龄: y.map((_, i) => (i === 3 ? '五十' : 40 + i)) }), { ...base, x: ['年龄'] })).toThrow(/变量“年龄”应为数值.*第 4 行/);
    expect(() => run(tableOf({ 结局: y, 性别: y.map(() => '男') }), { ...base, factors: ['性别'] })).toThrow(/分类自变量“性别”.*只有一个类别/);
  });
  it('a category in which the outcome never (or always) occurs: separation named', () => {
    const g = y.map((v, i) => (v === '是' ? (i % 2 ? 'A' : 'B') : i < 6 ? 'A' : 'C'));
    expect(() => run(tableOf({ 结局: y, 分组: g }), { ...base, factors: ['分组'] })).toThrow(/分类自变量“分组”的类别“B”（2 例）全部为“是”.*准完全分离/);
  });
  it('a numeric covariate that separates the outcome: the engine names the term', () => {
    const x = y.map((v, i) => (v === '是' ? 100 + i : i));
    const age = y.map((_, i) => 40 + ((i * 7) % 12));
    expect(() => run(tableOf({ 结局: y, 指标: x, 年龄: age }), { ...base, x: ['指标', '年龄'] })).toThrow(ToolInputError);
    expect(() => run(tableOf({ 结局: y, 指标: x, 年龄: age }), { ...base, x: ['指标', '年龄'] })).toThrow(/分离.*“指标”/);
  });
  it('too few events for the parameters', () => {
    const few = y.map((v, i) => (i < 2 ? '是' : '否'));
    expect(() => run(tableOf({ 结局: few, 分期: y.map((_, i) => ['I', 'II', 'III', 'IV'][i % 4]!) }), { ...base, factors: ['分期'] })).toThrow(/较少一类只有 2 例/);
  });
  it('missing values: listwise, counted in the footnote', () => {
    const t = tableOf({ 结局: [...y, null, '是'], 年龄: [...y.map((_, i) => 40 + ((i * 5) % 12)), 60, null] });
    const out = run(t, { ...base, x: ['年龄'] });
    expect([out.results.n, out.results.excluded]).toEqual([12, 2]);
    expect(JSON.stringify(out.sections[0])).toContain('2 行因所用变量缺失而未纳入分析');
  });
});

// Frequency-weighted and grouped rows against packages/stats/fixtures/make-logistic-weights.R: the glm
// on the rows as given (glm(weights =) or glm(cbind(events, trials − events)), epsilon 1e-14) for B, SE,
// P, profile CIs, deviance, logLik/AIC; the cases written out one per row for R², Hosmer–Lemeshow, the
// classification table, the pROC DeLong AUC and (frequency weights) BIC; car::vif on the weighted lm.
const W = JSON.parse(readFileSync(new URL('../../../../stats/fixtures/logistic-weights.json', import.meta.url), 'utf8'));

interface WeightedRef {
  names: string[];
  estimate: number[];
  se: number[];
  p: number[];
  profileLower: number[];
  profileUpper: number[];
  n: number;
  rows: number;
  events: number;
  deviance: number;
  nullDeviance: number;
  modelChiSquare: number;
  logLik: number;
  aic: number;
  bic: number;
  coxSnell: number;
  nagelkerke: number;
  hl: number;
  hlDf: number;
  hlP: number;
  tp: number;
  fn: number;
  fp: number;
  tn: number;
  auc: number;
  aucSe: number;
  aucLower: number;
  aucUpper: number;
}

function sameWeighted(r: Record<string, unknown>, w: WeightedRef, ci: 'wald' | 'profile') {
  const z = 1.959963984540054;
  expect([r.n, r.dataRows, r.events]).toEqual([w.n, w.rows, w.events]);
  w.names.forEach((t, i) => {
    close(r[`estimate.${t}`], w.estimate[i]!, `${t} B`);
    close(r[`se.${t}`], w.se[i]!, `${t} SE`);
    close(r[`p.${t}`], w.p[i]!, `${t} P`, P_REL);
    const [lo, hi] = ci === 'profile' ? [w.profileLower[i]!, w.profileUpper[i]!] : [w.estimate[i]! - z * w.se[i]!, w.estimate[i]! + z * w.se[i]!];
    close(r[`orLower.${t}`], Math.exp(lo), `${t} OR lower`);
    close(r[`orUpper.${t}`], Math.exp(hi), `${t} OR upper`);
  });
  close(r.statistic, w.modelChiSquare, 'LR chi-square');
  close(r.deviance, w.deviance, '-2LL / deviance');
  close(r.nullDeviance, w.nullDeviance, 'null deviance');
  close(r.logLik, w.logLik, 'logLik');
  close(r.aic, w.aic, 'AIC');
  close(r.bic, w.bic, 'BIC');
  close(r.coxSnellR2, w.coxSnell, 'Cox-Snell');
  close(r.nagelkerkeR2, w.nagelkerke, 'Nagelkerke');
  close(r.hlStatistic, w.hl, 'HL');
  expect(r.hlDf).toBe(w.hlDf);
  close(r.hlP, w.hlP, 'HL P');
  expect([r.truePositive, r.falseNegative, r.falsePositive, r.trueNegative]).toEqual([w.tp, w.fn, w.fp, w.tn]);
  close(r.auc, w.auc, 'AUC');
  close(r.aucSe, w.aucSe, 'AUC SE');
  close(r.aucLower, w.aucLower, 'AUC lower');
  close(r.aucUpper, w.aucUpper, 'AUC upper');
}

describe('二元 Logistic 回归 on frequency-weighted and grouped rows, against R', () => {
  it('频数加权: UCB admissions as a 24-row frequency table, profile CIs, drop1 and GVIF', () => {
    const u = W.ucb;
    const t = tableOf({ Admit: u.admit, Gender: u.gender, Dept: u.dept, Freq: u.freq });
    const out = run(t, { ...defaults, inputMode: 'frequency', y: 'Admit', event: 'Admitted', weight: 'Freq', x: [], factors: ['Gender', 'Dept'], reference: 'Gender=Male; Dept=A', ciMethod: 'profile' });
    const r = out.results;
    expect([r.inputMode, r.zeroWeightRows]).toEqual(['frequency', 0]);
    sameWeighted(r, u.frequency, 'profile');
    close(r['termP.Dept'], u.deptDrop1P, 'drop1 P Dept', P_REL);
    close(r['vif.Gender'], u.vif.Gender, 'GVIF Gender');
    close(r['vif.Dept'], u.vif.Dept, 'GVIF Dept');
    const first = out.sections[0]!.blocks[0]!;
    expect(first.type === 'table' && first.rows[0]!.slice(0, 3)).toEqual(['频数加权', 24, 4526]);
    expect(JSON.stringify(out.sections)).toContain('纳入例数为 24 行的频数之和');
    const script = rScript('logistic-regression', { ...defaults, inputMode: 'frequency', y: 'Admit', weight: 'Freq', factors: ['Gender', 'Dept'] }, 'ucb.csv')!;
    expect(script).toContain('weights = w');
    // The script's SPSS-style forward LR selection on these rows (run in R) keeps Dept only.
    expect(run(t, { ...defaults, inputMode: 'frequency', y: 'Admit', event: 'Admitted', weight: 'Freq', factors: ['Gender', 'Dept'], reference: 'Gender=Male; Dept=A', selection: 'forward', criterion: 'p' }).results.selected).toBe('Dept');
  });

  it('分组数据: budworm deaths of 20 per dose and sex, Wald CIs, univariable LR tests', () => {
    const b = W.budworm;
    const t = tableOf({ 死亡数: b.dead, 总数: b.total, 性别: b.sex, 剂量: b.ldose });
    const out = run(t, { ...defaults, inputMode: 'grouped', y: '', events: '死亡数', trials: '总数', x: ['剂量'], factors: ['性别'], reference: '性别=M' });
    const r = out.results;
    const g = b.grouped as WeightedRef;
    sameWeighted(r, { ...g, names: ['(Intercept)', '性别F', '剂量'] }, 'wald');
    close(r['uniLrP.性别'], b.uniLrP.sex, 'univariable LR P sex');
    close(r['uniLrP.剂量'], b.uniLrP.ldose, 'univariable LR P dose', P_REL);
    expect(r.inputMode).toBe('grouped');
    expect(out.title).toBe('二元 Logistic 回归：死亡数/总数');
    const script = rScript('logistic-regression', { ...defaults, inputMode: 'grouped', events: '死亡数', trials: '总数', x: ['剂量'], factors: ['性别'] }, 'bud.csv')!;
    expect(script).toContain('cbind(e, t - e)');
  });

  it('频数加权 with rows of frequency 0, and stepwise selection on the cases written out', () => {
    const b = W.budwormFrequency;
    const t = tableOf({ 死亡: b.died.map((v: number) => (v ? '是' : '否')), 频数: b.freq, 性别: b.sex, 剂量: b.ldose });
    const p = { ...defaults, inputMode: 'frequency', y: '死亡', event: '是', weight: '频数', x: ['剂量'], factors: ['性别'], reference: '性别=M' };
    const r = run(t, p).results;
    expect([r.zeroWeightRows, r.excluded]).toEqual([2, 0]);
    sameWeighted(r, { ...(b.frequency as WeightedRef), names: ['(Intercept)', '性别F', '剂量'] }, 'wald');
    const grouped = W.budworm;
    const g = tableOf({ 死亡数: grouped.dead, 总数: grouped.total, 性别: grouped.sex, 剂量: grouped.ldose });
    for (const criterion of ['p', 'aic']) {
      const freq = run(t, { ...p, selection: 'backward', criterion }).results;
      const grp = run(g, { ...defaults, inputMode: 'grouped', events: '死亡数', trials: '总数', x: ['剂量'], factors: ['性别'], reference: '性别=M', selection: 'backward', criterion }).results;
      expect(freq.selected).toBe('剂量、性别');
      expect(grp.selected).toBe(freq.selected);
    }
  });
});

describe('二元 Logistic 回归 refuses bad frequencies and groups with the row named', () => {
  const base = { ...defaults, x: ['x'] };
  const y = ['是', '否', '是', '否', '是', '否'];
  const x = [1, 2, 3, 4, 5, 6];
  it('negative or fractional frequencies, a missing frequency column', () => {
    expect(() => run(tableOf({ 结局: y, x, 频数: [3, 2, -1, 4, 2, 5] }), { ...base, inputMode: 'frequency', y: '结局', weight: '频数' })).toThrow(/频数变量“频数”第 3 行为 -1：频数必须是非负整数/);
    expect(() => run(tableOf({ 结局: y, x, 频数: [3, 2, 1.5, 4, 2, 5] }), { ...base, inputMode: 'frequency', y: '结局', weight: '频数' })).toThrow(/第 3 行为 1.5/);
    expect(() => run(tableOf({ 结局: y, x, 频数: [3, 2, 1, 4, 2, 5] }), { ...base, inputMode: 'frequency', y: '结局', weight: '' })).toThrow(/请选择“频数变量”/);
  });
  it('events above trials, trials of 0, fractional events, one column for both', () => {
    const g = (events: number[], trials: number[]) => tableOf({ 事件: events, 总数: trials, x });
    const p = { ...base, inputMode: 'grouped', events: '事件', trials: '总数' };
    expect(() => run(g([1, 2, 9, 1, 3, 2], [5, 5, 5, 5, 5, 5]), p)).toThrow(/第 3 行的事件数（9）大于总数（5）/);
    expect(() => run(g([1, 2, 0, 1, 3, 2], [5, 5, 0, 5, 5, 5]), p)).toThrow(/总数“总数”第 3 行为 0：总数必须是正整数（总数为 0 的组没有研究对象/);
    expect(() => run(g([1, 2.5, 0, 1, 3, 2], [5, 5, 5, 5, 5, 5]), p)).toThrow(/事件数“事件”第 2 行为 2.5/);
    expect(() => run(g([1, 2, 0, 1, 3, 2], [5, 5, 5, 5, 5, 5]), { ...p, trials: '事件' })).toThrow(/选了同一列/);
    expect(() => run(g([0, 0, 0, 0, 0, 0], [5, 5, 5, 5, 5, 5]), p)).toThrow(/事件数均为 0/);
    expect(() => run(g([1, 2, 0, 1, 3, 2], [5, 5, 5, 5, 5, 5]), { ...p, x: ['总数'] })).toThrow(/“总数”已用作总数/);
  });
});
