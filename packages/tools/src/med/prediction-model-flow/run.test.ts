// The one-flow prediction model on its example. Each step must give exactly what the engine
// function its own tool calls gives on the same rows (lassoCv, logisticRegression, rocCurve,
// validateLogistic, decisionCurve), and the deterministic numbers are checked against R
// (r-fixture.R: glmnet at the tool's λ, glm on the LASSO-selected variables, pROC DeLong CI,
// rms apparent indexes, HL, net benefit). Tolerances: glm/pROC/rms/HL/NB 1e-6 relative (IRLS to
// 1e-14 in R, ~1e-10 here); glmnet 1e-5 relative (coordinate descent stops at its convergence
// threshold, both sides). The CV folds and bootstrap draws use our seeded generator, so λ.1se is
// the tool's (R reuses it) and the bootstrap optimism is checked only for run-to-run identity here
// (it is checked against R within Monte Carlo error in the engine's and the validation tool's tests).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariableInfo } from '@labstat/contracts';
import { decisionCurve, lassoCv, logisticRegression, rocCurve, thresholdGrid, validateLogistic } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'prediction-model')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
const example: Params = { ...defaults, ...definition.exampleParams, reference: '性别=女; 糖尿病=否; 肿瘤分期=I期,II期,III期' };
const R = JSON.parse(fs.readFileSync(fileURLToPath(new URL('./r-fixture.json', import.meta.url)), 'utf8')) as Record<string, unknown>;
const close = (got: unknown, want: number, label: string, rel = 1e-6) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, want ${want}`).toBeLessThanOrEqual(rel * Math.max(Math.abs(want), 1e-3));
};

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
    numeric: (n) => cols[n]!.map((v) => (v === null ? null : Number.isFinite(Number(v)) ? Number(v) : null)),
    text: (n) => cols[n]!.map((v) => (v === null ? null : String(v))),
  };
}

/** mulberry32: a small seeded generator for the synthetic tables. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const normal = (u: () => number) => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());

describe('临床预测模型（一站式）', () => {
  const r = run(table, example);
  const res = r.results;

  // The same rows and design the tool builds, rebuilt here from the example by hand.
  const xs = example.x as string[];
  const rowsOk = Array.from({ length: table.rows }, (_, i) => i).filter((i) => [...xs, '性别', '糖尿病', '肿瘤分期', '术后并发症'].every((c) => (table.text(c)[i] ?? '') !== ''));
  const y = rowsOk.map((i) => (table.text('术后并发症')[i] === '是' ? 1 : 0));
  const num = (c: string) => rowsOk.map((i) => table.numeric(c)[i]!);
  const dummy = (c: string, l: string) => rowsOk.map((i) => (table.text(c)[i] === l ? 1 : 0));
  const cols = [...xs.map(num), dummy('性别', '男'), dummy('糖尿病', '是'), dummy('肿瘤分期', 'II期'), dummy('肿瘤分期', 'III期')];

  it('holds every step of the flow', () => {
    const titles = r.sections.map((s) => s.title);
    expect(titles).toEqual(['研究对象与设置', '第一步：LASSO 变量筛选', '第二步：多因素 Logistic 回归模型', '第三步：列线图与风险计算器', '第四步：区分度（ROC 曲线）', '第五步：内部验证与校准', '第六步：临床决策曲线（DCA）', 'TRIPOD 报告条目对照', '结论']);
    const blocks = r.sections.flatMap((s) => s.blocks);
    expect(blocks.filter((b) => b.type === 'chart')).toHaveLength(6);
    expect(blocks.some((b) => b.type === 'calculator')).toBe(true);
    expect(res.n).toBe(R.n);
    expect(res.events).toBe(R.events);
    expect(res.excluded).toBe(6);
    // EPV 8.9 (89 events, 10 parameters): allowed, with the warning below 10.
    close(res.epv, 8.9, 'EPV', 1e-12);
    const conclusion = blocks.filter((b) => b.type === 'text').map((b) => (b as { markdown: string }).markdown).join('\n');
    expect(conclusion).toContain('EPV = 8.9）少于 10');
    const tripod = blocks.find((b) => b.type === 'table' && b.title.startsWith('表10'));
    expect(tripod && tripod.type === 'table' ? tripod.rows.filter((row) => row[2] === '是').map((row) => row[0]) : []).toEqual(['8', '9', '10a', '10b', '10d', '14a', '15a', '15b', '16']);
  });

  it('LASSO step equals lassoCv and glmnet at the chosen λ', () => {
    const cv = lassoCv(cols, { y }, 'binomial', { nfolds: 10, seed: 2026 });
    expect(res.lambdaMin).toBe(cv.lambdaMin);
    expect(res.lambdaSe).toBe(cv.lambdaSe);
    close(res.lambdaSe, R.lambdaChosen as number, 'λ.1se as given to R', 1e-12);
    const names = ['年龄', 'BMI', '肿瘤直径(cm)', '白蛋白(g/L)', '血红蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '手术时间(min)', '术中出血量(mL)', '血肌酐(μmol/L)', '性别男', '糖尿病是', '肿瘤分期II期', '肿瘤分期III期'];
    const lasso = R.lasso as number[];
    names.forEach((c, j) => {
      expect(res[`lassoCoef.${c}`], c).toBe(cv.path.beta[cv.indexSe]![j]);
      if (lasso[j] === 0) expect(res[`lassoCoef.${c}`], c).toBe(0);
      else close(res[`lassoCoef.${c}`], lasso[j]!, `glmnet ${c}`, 1e-5);
    });
    expect(res.selectedVariables).toBe('年龄、肿瘤直径(cm)、白蛋白(g/L)、C反应蛋白(mg/L)、NLR、手术时间(min)、性别、糖尿病、肿瘤分期');
  });

  it('the refitted model equals logisticRegression and R glm on the selected variables', () => {
    const fit = logisticRegression({
      y,
      predictors: [
        ...['年龄', '肿瘤直径(cm)', '白蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '手术时间(min)'].map((c) => ({ name: c, type: 'numeric' as const, values: num(c) })),
        { name: '性别', type: 'categorical' as const, values: rowsOk.map((i) => table.text('性别')[i]!), reference: '女' },
        { name: '糖尿病', type: 'categorical' as const, values: rowsOk.map((i) => table.text('糖尿病')[i]!), reference: '否' },
        { name: '肿瘤分期', type: 'categorical' as const, values: rowsOk.map((i) => table.text('肿瘤分期')[i]!), reference: 'I期' },
      ],
      profile: false,
    });
    const terms = (R.glmTerms as string[]).map((t) => t.replace(/`/g, ''));
    terms.forEach((t, k) => {
      const mine = fit.coefficients.find((c) => c.term === t)!;
      expect(res[`estimate.${t}`], t).toBe(mine.estimate);
      close(res[`estimate.${t}`], (R.glmCoef as number[])[k]!, `glm ${t}`);
      close(mine.se, (R.glmSe as number[])[k]!, `glm SE ${t}`);
    });
  });

  it('ROC, validation and DCA equal their engines and R', () => {
    const risk = (R.glmTerms as string[]).reduce((acc, t, k) => {
      const name = t.replace(/`/g, '');
      const col = name === '(Intercept)' ? y.map(() => 1) : name.startsWith('性别') ? dummy('性别', '男') : name.startsWith('糖尿病') ? dummy('糖尿病', '是') : name.startsWith('肿瘤分期') ? dummy('肿瘤分期', name.slice(4)) : num(name);
      return acc.map((a, i) => a + (res[`estimate.${name}`] as number) * col[i]!);
    }, y.map(() => 0)).map((v) => 1 / (1 + Math.exp(-v)));
    const roc = rocCurve(risk, y, { positive: 1, direction: '<' });
    close(res.auc, roc.auc, 'AUC vs rocCurve', 1e-12);
    close(res.aucLower, roc.ci[0], 'AUC lower vs rocCurve', 1e-12);
    close(res.auc, R.auc as number, 'pROC AUC');
    close(res.aucLower, R.aucLower as number, 'pROC DeLong lower');
    close(res.aucUpper, R.aucUpper as number, 'pROC DeLong upper');
    const design = [...['年龄', '肿瘤直径(cm)', '白蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '手术时间(min)'].map(num), dummy('性别', '男'), dummy('糖尿病', '是'), dummy('肿瘤分期', 'II期'), dummy('肿瘤分期', 'III期')];
    const v = validateLogistic({ columns: design, y, B: 200, seed: 2026 });
    const get = (k: string) => v.indexes.find((x) => x.index === k)!;
    close(res.cCorrected, get('C').corrected, 'C corrected vs validateLogistic', 1e-9);
    close(res.slopeCorrected, get('Slope').corrected, 'slope corrected vs validateLogistic', 1e-9);
    close(res.brierCorrected, get('Brier').corrected, 'Brier corrected vs validateLogistic', 1e-9);
    close(res.dxyApparent, R.dxy as number, 'rms Dxy');
    close(res.r2Apparent, R.r2 as number, 'rms R2');
    close(res.brierApparent, R.brier as number, 'rms Brier');
    close(res.hlStatistic, R.hl as number, 'HL');
    close(res.hlP, R.hlP as number, 'HL P');
    const dca = decisionCurve(y, [{ name: 'm', risk }], thresholdGrid(0.01, 0.8, 0.01));
    (R.tenths as number[]).forEach((t, k) => {
      close(res[`netBenefit.${t}`], (R.nb as number[])[k]!, `NB ${t}`);
      close(res[`netBenefit.${t}`], dca.curves[0]!.netBenefit[dca.thresholds.indexOf(t)]!, `NB ${t} vs decisionCurve`, 1e-9);
    });
  });

  it('the same seed gives the same report; another seed changes the resampled parts only', () => {
    expect(run(table, example)).toEqual(r);
    const other = run(table, { ...example, seed: 7 }).results;
    expect(other.auc).toBe(res.auc);
    expect(other.cOptimism).not.toBe(res.cOptimism);
    expect(other.brierApparent).toBe(res.brierApparent);
  });

  it('λ.min selects at least as many variables as λ.1se', () => {
    const m = run(table, { ...example, lambdaRule: 'min' }).results;
    expect(m.nSelected as number).toBeGreaterThanOrEqual(res.nSelected as number);
    expect(m.lambdaChosen).toBe(res.lambdaMin);
  });

  it('refuses bad inputs with Chinese messages naming the problem', () => {
    const u = rng(11);
    const n = 200;
    const noise: Record<string, number[]> = {};
    for (const c of ['a', 'b', 'c', 'd']) noise[c] = Array.from({ length: n }, () => normal(u));
    const yNoise = Array.from({ length: n }, () => (u() < 0.4 ? '是' : '否'));
    const t1 = tableOf({ 结局: yNoise, ...noise });
    expect(() => run(t1, { ...defaults, y: '结局', x: ['a', 'b', 'c', 'd'] })).toThrow(/没有变量入选[\s\S]*λ\.min|λ\.min[\s\S]*没有变量入选/);

    // Strong predictors, few events: EPV below 5 in the final model.
    const m = 150;
    const ks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const strong: Record<string, number[]> = {};
    for (const k of ks) strong[`x${k}`] = Array.from({ length: m }, () => normal(u));
    const lp = Array.from({ length: m }, (_, i) => -2 + ks.reduce((s, k) => s + 0.8 * strong[`x${k}`]![i]!, 0));
    const yStrong = lp.map((v) => (u() < 1 / (1 + Math.exp(-v)) ? '是' : '否'));
    const t2 = tableOf({ 结局: yStrong, ...strong });
    expect(() => run(t2, { ...defaults, y: '结局', x: Object.keys(strong), lambdaRule: 'min', nfolds: 5 })).toThrow(/EPV = [\d.]+ < 5/);

    // A category in which everyone has the outcome: separation, named.
    const g = Array.from({ length: n }, (_, i) => (i < 30 ? '阳' : '阴'));
    const ySep = g.map((v) => (v === '阳' ? '是' : u() < 0.3 ? '是' : '否'));
    const t3 = tableOf({ 结局: ySep, 标志: g, a: noise.a!, b: noise.b! });
    expect(() => run(t3, { ...defaults, y: '结局', x: ['a', 'b'], factors: ['标志'], lambdaRule: 'min' })).toThrow(/标志[\s\S]*分离/);

    // A reference level given for a factor LASSO drops does not break the refit.
    const sig1 = Array.from({ length: 300 }, () => normal(u));
    const sig2 = Array.from({ length: 300 }, () => normal(u));
    const noiseF = Array.from({ length: 300 }, () => (u() < 0.5 ? '甲' : '乙'));
    const yOk = sig1.map((v, i) => (u() < 1 / (1 + Math.exp(-(-0.5 + 1.5 * v + sig2[i]!))) ? '是' : '否'));
    const ok = run(tableOf({ 结局: yOk, s1: sig1, s2: sig2, 噪声: noiseF }), { ...defaults, y: '结局', x: ['s1', 's2'], factors: ['噪声'], reference: '噪声=乙' }).results;
    expect(String(ok.selectedVariables)).toMatch(/^s1、s2/);

    expect(() => run(table, { ...example, x: ['年龄'], factors: [], reference: '' })).toThrow(/至少选择 2 个候选变量/);
    expect(() => run(table, { ...example, dcaFrom: 0.5, dcaTo: 0.3 })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, y: '' })).toThrow(/请选择结局变量/);
  });
});
