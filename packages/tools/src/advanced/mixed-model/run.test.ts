// Mixed-model tool on its example (reference/lmm-bp-data.R) against lme4::lmer + lmerTest: the fits
// are in packages/stats/fixtures/lmm.json (make-lmm.R reads the same CSV). Tolerances as the engine
// test: estimates, SEs, variance components, logLik 1e-5 relative; Satterthwaite df 1e-3 relative.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

interface Fit {
  names: string[];
  coef: number[];
  se: number[];
  df: number[];
  p: number[];
  ci: number[][];
  sigma: number;
  logLik: number;
  AIC: number;
  BIC: number;
  y: number[];
  vcomp: { grp: string[]; var1: string[]; var2: string[]; vcov: number[]; sdcor: number[] };
  anova: { term: string[]; F: number[]; numDf: number[]; denDf: number[]; p: number[] };
}
const here = path.dirname(fileURLToPath(import.meta.url));
const fx = JSON.parse(fs.readFileSync(path.resolve(here, '../../../../stats/fixtures/lmm.json'), 'utf8')) as Record<string, any>;
const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'lmm-bp')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams };
const TOL = 1e-5;
const DF_TOL = 1e-3;
const close = (got: unknown, want: number, label: string, rel = TOL) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(rel * Math.abs(want) + 1e-10);
};

/** Compares the tool's results with one lmer fit; `map` names our label of each R coefficient, `terms` our name of each anova row. */
function check(results: Record<string, unknown>, r: Fit, map: Record<string, string>, terms: Record<string, string>) {
  r.names.forEach((name, j) => {
    const key = map[name];
    expect(key, `no label for ${name}`).toBeDefined();
    close(results[`beta.${key}`], r.coef[j]!, `beta ${name}`);
    close(results[`se.${key}`], r.se[j]!, `se ${name}`);
    close(results[`df.${key}`], r.df[j]!, `df ${name}`, DF_TOL);
    close(results[`p.${key}`], r.p[j]!, `p ${name}`, 2e-3);
    close(results[`lower.${key}`], r.ci[j]![0]!, `lower ${name}`, 1e-4);
    close(results[`upper.${key}`], r.ci[j]![1]!, `upper ${name}`, 1e-4);
  });
  r.anova.term.forEach((t, i) => {
    const key = terms[t];
    expect(key, `no term for ${t}`).toBeDefined();
    close(results[`F.${key}`], r.anova.F[i]!, `F ${t}`);
    expect(results[`numDf.${key}`]).toBe(r.anova.numDf[i]);
    close(results[`denDf.${key}`], r.anova.denDf[i]!, `denDf ${t}`, DF_TOL);
    close(results[`termP.${key}`], r.anova.p[i]!, `P ${t}`, 2e-3);
  });
  close(results.sigma, r.sigma, 'sigma');
  close(results.logLik, r.logLik, 'logLik');
  close(results.aic, r.AIC, 'AIC');
  close(results.bic, r.BIC, 'BIC');
  close(results.varIntercept, r.vcomp.vcov[0]!, 'intercept variance');
  close(results.residualVariance, r.vcomp.vcov.at(-1)!, 'residual variance');
}

function tableOf(cols: Record<string, Array<string | number | null>>): DataTable {
  const names = Object.keys(cols);
  const rows = cols[names[0]!]!.length;
  const variables: VariableInfo[] = names.map((name) => {
    const present = cols[name]!.filter((v) => v !== null);
    return { name, type: present.every((v) => typeof v === 'number') ? 'numeric' : 'categorical', valid: present.length, missing: rows - present.length, distinct: new Set(present).size, min: null, max: null, mean: null, levels: [] };
  });
  return { rows, variables, numeric: (n) => cols[n]!.map((v) => (v === null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null)), text: (n) => cols[n]!.map((v) => (v === null ? null : String(v))) };
}

const MAIN = { '(Intercept)': '截距', 随访月: '随访月', 组别干预组: '组别：干预组 vs 对照组', 年龄: '年龄', 性别男: '性别：男 vs 女', '随访月:组别干预组': '组别：干预组 × 随访月' };
const TERMS = { 随访月: '随访月', 组别: '组别', 年龄: '年龄', 性别: '性别', '随访月:组别': '组别 × 随访月' };

describe('线性混合模型', () => {
  const out = run(table, example);
  it('example (random intercept and slope of time, REML) matches lmer + lmerTest', () => {
    const r = out.results;
    check(r, fx.bpSlope, MAIN, TERMS);
    expect(r.n).toBe(fx.bpSlope.y.length);
    expect(r.excluded).toBe(table.rows - fx.bpSlope.y.length);
    expect(r.subjects).toBe(60);
    // VarCorr: intercept var, slope var, covariance (sdcor = correlation), residual.
    close(r['varSlope.随访月'], fx.bpSlope.vcomp.vcov[1], 'slope variance');
    close(r['corSlope.随访月'], fx.bpSlope.vcomp.sdcor[2], 'correlation');
    expect(r.singular).toBe(0);
  });

  it('ranova, ICC of the random-intercept model and the ML likelihood-ratio test of the fixed effects', () => {
    const r = out.results;
    close(r.ranovaChisq, fx.bpRanova.LRT, 'ranova LRT', 1e-4);
    expect(r.ranovaDf).toBe(fx.bpRanova.df);
    close(r.ranovaP, fx.bpRanova.p, 'ranova p', 1e-4);
    close(r.icc, fx.bpIcc, 'ICC');
    close(r.fixedChisq, fx.bpFixedLrt.chisq, 'fixed LRT', 1e-4);
    expect(r.fixedDf).toBe(fx.bpFixedLrt.df);
    close(r.fixedP, fx.bpFixedLrt.p, 'fixed p', 1e-3);
  });

  it('report: tables, trajectory and residual charts, conclusion', () => {
    const titles = out.sections.flatMap((s) => s.blocks.map((b) => ('title' in b ? b.title : '')));
    expect(titles.filter((t) => /^(表|图)\d/.test(t)).map((t) => t.split(' ')[0])).toEqual(['表1', '表2', '图1', '表3', '表4', '表5', '表6', '图2']);
    const charts = out.sections.flatMap((s) => s.blocks.filter((b) => b.type === 'chart'));
    expect(charts).toHaveLength(2);
    const conclusion = JSON.stringify(out.sections.at(-1));
    expect(conclusion).toContain('交互作用有统计学意义');
    expect(conclusion).toContain('ICC');
  });

  it('random intercept only matches lmer (1 | id)', () => {
    const r = run(table, { ...example, slopes: [] }).results;
    check(r, fx.bpIntercept, MAIN, TERMS);
    expect(r.ranovaP).toBeNull();
    close(r.icc, fx.bpIcc, 'ICC');
  });

  it('time as visits × group: lmerTest type III contrasts of the main effects', () => {
    const r = run(table, { ...example, timeModel: 'factor', slopes: [], factors: [] }).results;
    const map: Record<string, string> = { '(Intercept)': '截距', 组别干预组: '组别：干预组 vs 对照组', 年龄: '年龄' };
    for (const m of ['3', '6', '9', '12']) {
      map[`访视${m}`] = `随访月：${m} vs 0`;
      map[`访视${m}:组别干预组`] = `组别：干预组 × 随访月（${m} vs 0）`;
    }
    check(r, fx.bpVisits, map, { 访视: '随访月', 组别: '组别', 年龄: '年龄', '访视:组别': '组别 × 随访月' });
  });

  it('writes an R script with lmer', () => {
    const s = rScript('mixed-model', example, { filename: 'lmm-bp.csv', encoding: 'utf8', delimiter: ',' })!;
    expect(s).toContain('lmer(`收缩压` ~ `随访月` * `组别` + `年龄` + `性别` + (`随访月` | id)');
    expect(s).toContain('anova(fit, type = 3)');
  });

  it('refuses bad input in Chinese, warns on a singular fit', () => {
    expect(() => run(table, { ...example, id: '' })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, x: ['随访月'] })).toThrow(/随访月/);
    expect(() => run(table, { ...example, slopes: ['随访月'], timeModel: 'factor' })).toThrow(/线性趋势/);
    expect(() => run(table, { ...example, slopes: ['随访月', '年龄'] })).toThrow(/年龄.*取值都不变/);
    const one = tableOf({ id: ['a', 'a', 'a', 'a'], t: [1, 2, 3, 4], y: [1, 2, 4, 3] });
    expect(() => run(one, { ...defaults, y: 'y', id: 'id', time: 't' })).toThrow(/至少需要 2 个个体/);
    const single = tableOf({ id: ['a', 'b', 'c', 'd', 'e', 'f'], t: [1, 2, 1, 2, 1, 2], y: [1, 2, 3, 4, 5, 7] });
    expect(() => run(single, { ...defaults, y: 'y', id: 'id', time: 't' })).toThrow(/只出现一次/);
    const two = tableOf({ id: ['a', 'a', 'b', 'b', 'c', 'c', 'd'], t: [1, 2, 1, 2, 1, 2, 1], y: [1, 2, 3, 5, 5, 7, 2] });
    expect(() => run(two, { ...defaults, y: 'y', id: 'id', time: 't', slopes: ['t'] })).toThrow(/测量次数太少/);
    // No between-subject variance at all: the random intercept variance is 0 (boundary fit).
    const sg = fx.singular;
    const s = run(tableOf({ id: sg.group, x: sg.x[1], y: sg.y, t: sg.x[1] }), { ...defaults, y: 'y', id: 'id', time: 't' });
    expect(s.results.singular).toBe(1);
    expect(JSON.stringify(s.sections)).toContain('boundary (singular) fit');
    close(s.results.logLik, sg.logLik, 'singular logLik');
  });
});
