// Count regression tool on the example (MASS::epil per patient) against R: reference/models.R prints
// every number checked here (glm(family = poisson) and MASS::glm.nb to epsilon 1e-14; Wald CIs
// confint.default; the LR overdispersion test with the boundary-corrected P; Cameron–Trivedi written
// out as AER::dispersiontest(trafo = 2); anova() of two glm.nb fits and drop1 for a factor's LR test).
// Tolerance 1e-6 relative, as the engine's count tests: IRLS stops on a relative deviance change and
// θ is found by alternating with it (R's glm.nb does the same, to its own tolerance); Wald P 1e-5.
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
const P_REL = 1e-5;
const close = (got: unknown, want: number, label: string, rel = REL) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want));
};
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams };

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

type Coefs = Record<string, [number, number, number, number, number, number]>; // B, SE, z, P, lower, upper
function sameCoefs(r: Record<string, unknown>, w: Coefs) {
  for (const [t, [b, se, z, p, lo, hi]] of Object.entries(w)) {
    close(r[`estimate.${t}`], b, `${t} B`);
    close(r[`se.${t}`], se, `${t} SE`);
    close(r[`z.${t}`], z, `${t} z`);
    close(r[`p.${t}`], p, `${t} P`, P_REL);
    close(r[`irr.${t}`], Math.exp(b), `${t} IRR`);
    close(r[`irrLower.${t}`], lo, `${t} lower`);
    close(r[`irrUpper.${t}`], hi, `${t} upper`);
  }
}

describe('Poisson / negative binomial regression tool', () => {
  it('detects overdispersion and reports the negative binomial model (R: glm, glm.nb)', () => {
    const r = run(table, example).results;
    expect(r.n).toBe(59);
    expect(r.model).toBe('negative-binomial');
    sameCoefs(r, {
      '(Intercept)': [1.93838428213976, 0.408071837553711, 4.75010550534409, 2.03310547123118e-6, 3.12232581435945, 15.4589849867817],
      年龄: [0.0165792909639159, 0.0125266140464932, 1.32352532794424, 0.185660739118701, 0.992059274050368, 1.04198860059496],
      基线发作次数: [0.0277055249209735, 0.00281485317316414, 9.84261814616429, 7.37657492312154e-23, 1.02243650998197, 1.033780566792],
      治疗组普罗加比: [-0.192531833648717, 0.15416142891804, -1.2488975679583, 0.211702541267466, 0.609764365728496, 1.11585286607841],
    });
    close(r.logLik, -233.16697024118, 'NB logLik');
    close(r.deviance, 63.6725431663802, 'NB deviance');
    close(r.nullDeviance, 181.877183715104, 'NB null deviance');
    close(r.aic, 476.33394048236, 'NB AIC');
    close(r.bic, 486.721627701888, 'NB BIC');
    close(r.dispersion, 1.2709193780745, 'NB Pearson/df');
    close(r.theta, 3.3672376421825, 'theta');
    close(r.thetaSe, 0.711478190326577, 'theta SE');
    close(r.statistic, 118.204640548724, 'NB LR');
    expect(r.df).toBe(3);
    close(r.p, 1.87963847446014e-25, 'NB LR P', P_REL);
    close(r.poissonLogLik, -420.413139686152, 'Poisson logLik');
    close(r.poissonDeviance, 557.584109061204, 'Poisson deviance');
    close(r.poissonAic, 848.826279372304, 'Poisson AIC');
    close(r.poissonBic, 857.136429147927, 'Poisson BIC');
    close(r.poissonDispersion, 11.7325950923836, 'Poisson Pearson/df');
    close(r.overdispersionStatistic, 374.492338889944, 'overdispersion LR');
    close(r.overdispersionP, 9.84143441542342e-84, 'overdispersion P', P_REL);
    close(r.ctAlpha, 0.128049636108999, 'CT alpha');
    close(r.ctStatistic, 1.84282334938971, 'CT t');
    close(r.ctP, 0.0326774032589606, 'CT P');
  });

  it('reports the Poisson model when chosen, matching glm(family = poisson)', () => {
    const r = run(table, { ...example, model: 'poisson' }).results;
    expect(r.model).toBe('poisson');
    sameCoefs(r, {
      '(Intercept)': [1.95933795559382, 0.135660800183805, 14.4429190520706, 2.7782204872987e-47, 5.43819754932146, 9.25559504198135],
      年龄: [0.0223475725913344, 0.00402744385697426, 5.54882287251142, 2.87599365347132e-8, 1.01455889079466, 1.03070312760221],
      治疗组普罗加比: [-0.151880490845564, 0.0478341284871772, -3.1751491173562, 1.49759519911413e-3, 0.782208726857304, 0.943529807895246],
    });
    close(r.deviance, 557.584109061204, 'deviance');
    close(r.nullDeviance, 2118.54991395572, 'null deviance');
    close(r.dispersion, 11.7325950923836, 'Pearson/df');
    expect(r.theta).toBe(null);
  });

  it('takes log(exposure) as the offset, or an offset already logged', () => {
    const weeks = Array.from({ length: 59 }, (_, i) => 6 + ((i + 1) % 5));
    const cols = { y: table.numeric('随访发作次数'), age: table.numeric('年龄'), trt: table.text('治疗组'), weeks, logWeeks: weeks.map(Math.log) };
    const t = tableOf(cols);
    const base: Params = { ...defaults, y: 'y', x: ['age'], factors: ['trt'], offset: 'weeks', model: 'poisson' };
    const pois = { '(Intercept)': [1.828583665055, 0.109112068099087, 16.7587664399728, 4.88657833052321e-63, 5.0265202288822, 7.70939248543981], age: [-0.0128142847175665, 0.0036161221693255, -3.54365370348003, 3.94623209083629e-4, 0.980294978701883, 0.9942895514475], trt普罗加比: [-0.106862847578524, 0.0458421494320114, -2.33110464719836, 1.97478423144648e-2, 0.821427326806598, 0.983130033073852] } as Coefs;
    const a = run(t, base).results;
    sameCoefs(a, pois);
    close(a.deviance, 2099.54298177575, 'deviance');
    close(a.poissonAic, 2388.78515208685, 'AIC');
    const b = run(t, { ...base, offset: 'logWeeks', offsetType: 'log' }).results;
    sameCoefs(b, pois);
    const nb = run(t, { ...base, model: 'auto' }).results;
    expect(nb.model).toBe('negative-binomial');
    sameCoefs(nb, {
      '(Intercept)': [1.86889544935543, 0.612613123029582, 3.0506944417271, 2.28312794660139e-3, 1.95071464833355, 21.5331822738599],
      age: [-0.0117481004407875, 0.0201753172121306, -0.58230065566076, 0.560364183936672, 0.95000218389511, 1.02818467379833],
      trt普罗加比: [-0.208621481832232, 0.252557673906616, -0.826035014518585, 0.408784229596603, 0.494788229716566, 1.33160164629167],
    });
    close(nb.theta, 1.11380645900753, 'theta');
    close(nb.overdispersionStatistic, 1850.95963308665, 'overdispersion LR');
    close(nb.ctStatistic, 2.1029008480496, 'CT t');
    close(nb.ctP, 0.0177372188487278, 'CT P');
  });

  it('tests a multi-level factor by LR with θ re-estimated (R: anova of two glm.nb fits)', () => {
    const age = table.numeric('年龄');
    const grp = age.map((a) => (a! < 25 ? '<25岁' : a! < 32 ? '25-31岁' : '≥32岁'));
    const t = tableOf({ y: table.numeric('随访发作次数'), base: table.numeric('基线发作次数'), grp });
    const p: Params = { ...defaults, y: 'y', x: ['base'], factors: ['grp'], reference: 'grp=<25岁,25-31岁,≥32岁' };
    const r = run(t, p).results;
    close(r['estimate.grp25-31岁'], 0.368899039643755, 'B 25-31');
    close(r['estimate.grp≥32岁'], 0.243576604628534, 'B ≥32');
    close(r['termStatistic.grp'], 3.60696194955386, 'LR grp');
    close(r['termP.grp'], 0.16472448727864, 'P grp');
    const q = run(t, { ...p, model: 'poisson' }).results;
    close(q['termStatistic.grp'], 29.6249950290976, 'Poisson drop1 LR');
    close(q['termP.grp'], 3.68989549461755e-7, 'Poisson drop1 P', P_REL);
    const out = run(t, p);
    expect(out.sections.some((s) => s.blocks.some((x) => x.type === 'chart'))).toBe(true);
    expect(rScript(definition.key, example, 'x.csv')).toContain('glm.nb');
  });

  it('refuses bad input with Chinese messages naming the column', () => {
    const frac = tableOf({ y: [1, 2.5, 3, 0, 4, 2, 1, 3], x: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(() => run(frac, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“y”必须是非负整数/);
    const neg = tableOf({ y: [1, -2, 3, 0, 4, 2, 1, 3], x: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(() => run(neg, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“y”必须是非负整数/);
    const zero = tableOf({ y: [0, 0, 0, 0, 0, 0], x: [1, 2, 3, 4, 5, 6] });
    expect(() => run(zero, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“y”.*全为 0/);
    const exp0 = tableOf({ y: [1, 2, 3, 0, 4, 2, 1, 3], x: [1, 2, 3, 4, 5, 6, 7, 8], t: [1, 2, 0, 1, 1, 2, 1, 1] });
    expect(() => run(exp0, { ...defaults, y: 'y', x: ['x'], offset: 't' })).toThrow(/暴露量“t”必须大于 0/);
    const text = tableOf({ y: [1, 2, 3, 0, 4, 2, 1, 3], x: [1, 2, 'abc', 4, 5, 6, 7, 8] });
    expect(() => run(text, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“x”应为数值/);
    const flat = tableOf({ y: [1, 2, 3, 0, 4, 2, 1, 3], x: [5, 5, 5, 5, 5, 5, 5, 5] });
    expect(() => run(flat, { ...defaults, y: 'y', x: ['x'] })).toThrow(/“x”.*恒定/);
  });
});
