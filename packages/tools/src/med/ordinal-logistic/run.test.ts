// Ordinal logistic tool on the example (carData::Womenlf) against R: reference/models.R prints every
// number checked here (MASS::polr to reltol 1e-16; drop1 LR as the deviance difference of two polr
// fits; Brant's test by its formula, as packages/stats' fixtures). Coefficients and thresholds 1e-6
// relative: polr's BFGS stops within ~6e-8 (absolute) of the optimum, the engine's Newton fit goes to
// the gradient's zero (it matches ordinal::clm to 1e-6 in packages/stats). Deviances and the fit
// statistics derived from them 1e-9 (flat at the optimum). Standard errors and what derives from them
// (P, CIs) 1e-5: polr takes the Hessian by finite differences (optimHess), the engine analytically.
// Brant 1e-7 (closed form on separate glm fits to epsilon 1e-14).
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === definition.example)!.file);
const REL = 1e-6;
const FIT_REL = 1e-9;
const BRANT_REL = 1e-7;
const SE_REL = 1e-5;
const close = (got: unknown, want: number, label: string, rel = REL) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
// References as models.R sets them (the example's rows are ordered by region, so 大西洋省 appears first).
const example: Params = { ...defaults, ...definition.exampleParams, reference: '子女=有' };
const INC = '丈夫收入(千加元)';

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

describe('ordinal logistic regression tool', () => {
  it('matches MASS::polr and the Brant test on the example', () => {
    const r = run(table, example).results;
    expect(r.n).toBe(263);
    expect(r.order).toBe('未就业、兼职、全职');
    close(r['threshold.未就业|兼职'], 0.119919995631065, 'zeta 1');
    close(r['threshold.兼职|全职'], 1.03103152528239, 'zeta 2');
    close(r['thresholdSe.未就业|兼职'], 0.316696866898591, 'zeta 1 SE', SE_REL);
    close(r['thresholdSe.兼职|全职'], 0.324898380590329, 'zeta 2 SE', SE_REL);
    const R = {
      [INC]: { b: -0.053900658845771, se: 0.0194901042519196, p: 5.68286713720119e-3, lower: 0.912013431736996, upper: 0.984421857868296 },
      子女无: { b: 1.97195681232395, se: 0.286948249514268, p: 6.32330587336998e-12, lower: 4.0941068163511, upper: 12.6084225475984 },
    };
    for (const [t, w] of Object.entries(R)) {
      close(r[`estimate.${t}`], w.b, `${t} B`);
      close(r[`or.${t}`], Math.exp(w.b), `${t} OR`);
      close(r[`se.${t}`], w.se, `${t} SE`, SE_REL);
      close(r[`p.${t}`], w.p, `${t} P`, 1e-4);
      close(r[`orLower.${t}`], w.lower, `${t} lower`, SE_REL);
      close(r[`orUpper.${t}`], w.upper, `${t} upper`, SE_REL);
    }
    close(r.deviance, 441.662964013576, 'deviance', FIT_REL);
    close(r.nullDeviance, 500.492560797247, 'null deviance', FIT_REL);
    close(r.statistic, 58.8295967836706, 'LR', FIT_REL);
    expect(r.df).toBe(2);
    close(r.p, 1.68002355993434e-13, 'LR P', 1e-6);
    close(r.aic, 449.662964013576, 'AIC', FIT_REL);
    close(r.bic, 463.951580142287, 'BIC', FIT_REL);
    close(r.mcFaddenR2, 0.11754339902667, 'McFadden', FIT_REL);
    close(r.coxSnellR2, 0.200434384803233, 'Cox-Snell', FIT_REL);
    close(r.nagelkerkeR2, 0.235560886607984, 'Nagelkerke', FIT_REL);
    close(r.brantStatistic, 19.6560331812585, 'Brant omnibus', BRANT_REL);
    expect(r.brantDf).toBe(2);
    close(r.brantP, 5.39195956409313e-5, 'Brant P', BRANT_REL);
    close(r[`brantStatistic.${INC}`], 6.1592729639636, 'Brant inc', BRANT_REL);
    close(r['brantStatistic.子女无'], 15.4138965237796, 'Brant kids', BRANT_REL);
    close(r[`brantP.${INC}`], 1.30724928875375e-2, 'Brant inc P', BRANT_REL);
    close(r['brantP.子女无'], 8.6350937097216e-5, 'Brant kids P', BRANT_REL);
  });

  it('tests a multi-level factor by drop1 and each of its dummies by Brant', () => {
    const out = run(table, { ...example, factors: ['子女', '地区'], reference: '子女=有; 地区=安大略' });
    const r = out.results;
    close(r.deviance, 439.766021496824, 'deviance', FIT_REL);
    const b = { 地区草原省: 0.211001110330028, 地区大西洋省: -0.268666607111943, 地区不列颠哥伦比亚: -0.115675436886606, 地区魁北克: -0.339749095549751 };
    for (const [t, v] of Object.entries(b)) close(r[`estimate.${t}`], v, t, 1e-6);
    close(r['termStatistic.地区'], 1.89694251675144, 'drop1 LR', 1e-6);
    close(r['termP.地区'], 0.754706638643811, 'drop1 P', 1e-6);
    close(r.brantStatistic, 26.7196127762235, 'Brant omnibus', BRANT_REL);
    expect(r.brantDf).toBe(6);
    const each = { 地区草原省: 7.4677521190548e-5, 地区大西洋省: 7.39818253097971e-2, 地区不列颠哥伦比亚: 3.05511639997158, 地区魁北克: 2.2335506669434e-5 };
    for (const [t, v] of Object.entries(each)) close(r[`brantStatistic.${t}`], v, `Brant ${t}`, 1e-6);
    expect(out.sections.some((s) => s.blocks.some((x) => x.type === 'chart'))).toBe(true);
    expect(JSON.stringify(out.sections.at(-1))).toContain('不满足比例优势假定');
    expect(rScript(definition.key, example, 'x.csv')).toContain('polr');
  });

  it('orders numeric codes numerically when no order is given', () => {
    const codes = { 未就业: 1, 兼职: 2, 全职: 3 } as Record<string, number>;
    const y = table.text('就业状况').map((v) => codes[v!]!);
    const t = tableOf({ y: [...y].map((v) => String(v)), inc: table.numeric(INC) });
    const r = run(t, { ...defaults, y: 'y', x: ['inc'] }).results;
    expect(r.order).toBe('1、2、3');
  });

  it('refuses bad input with Chinese messages naming the column', () => {
    const sepY = Array.from({ length: 60 }, (_, i) => ['a', 'b', 'c'][i % 3]!);
    const sep = tableOf({ y: sepY, g: sepY.map((v) => (v === 'c' ? 'hi' : 'lo')) });
    expect(() => run(sep, { ...defaults, y: 'y', order: 'a,b,c', factors: ['g'] })).toThrow(/分类自变量“g”的类别“hi”（20 例）的结局全部为“c”，存在准完全分离/);
    expect(() => run(table, { ...example, order: '未就业,全职' })).toThrow(/“就业状况”的取值“兼职”不在“等级顺序”中/);
    const two = tableOf({ y: ['a', 'b', 'a', 'b', 'a', 'b'], x: [1, 2, 3, 4, 5, 6] });
    expect(() => run(two, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“y”.*需要至少 3 个等级/);
    const one = tableOf({ y: ['a', 'b', 'c', 'a', 'b', 'c'], g: ['m', 'm', 'm', 'm', 'm', 'm'] });
    expect(() => run(one, { ...defaults, y: 'y', factors: ['g'] })).toThrow(/“g”.*只有一个类别/);
    expect(() => run(table, { ...example, x: ['就业状况'] })).toThrow(/“就业状况”/);
  });
});
