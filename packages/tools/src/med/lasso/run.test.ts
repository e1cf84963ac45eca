// LASSO tool on the example (示例数据_临床预测模型.csv) against glmnet: reference/lasso.R runs
// cv.glmnet (thresh 1e-14) on the tool's own folds (reference/lasso-folds.txt, checked below to equal
// the engine's lassoFolds(294, 10, 2024)) and prints every number checked here. Tolerances: λ 1e-8
// relative (glmnet builds the sequence by repeated multiplication); CV error 1e-6 relative (SD 1e-5);
// coefficients 1e-6 relative or 1e-7 absolute: both solvers stop on a threshold, and a coefficient
// that has just entered the path (Cox 肿瘤直径, 0.0177) is the least settled, within 3e-8 of R.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lassoFolds } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { rScript } from '../../r-code.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type Params } from '../../tool.js';
import { definition } from './definition.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'prediction-model')!.file);
const defaults: Params = Object.fromEntries(definition.steps.flatMap((s) => s.fields).map((f) => [f.filed, f.value ?? null]));
// The stage's reference level set to I期 (the file's first stage is II期).
const example: Params = { ...defaults, ...definition.exampleParams, reference: '肿瘤分期=I期' };
const survival: Params = { ...example, outcomeType: 'survival', time: '随访时间(月)', status: '生存结局' };

const close = (got: unknown, want: number, label: string, rel = 1e-6, abs = 1e-8) => {
  expect(typeof got, label).toBe('number');
  expect(Math.abs((got as number) - want), `${label}: got ${String(got)}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));
};

const COLUMNS = ['年龄', 'BMI', '肿瘤直径(cm)', '白蛋白(g/L)', '血红蛋白(g/L)', 'C反应蛋白(mg/L)', 'NLR', '手术时间(min)', '术中出血量(mL)', '血肌酐(μmol/L)', '性别男', '糖尿病是', '肿瘤分期II期', '肿瘤分期III期'];
// R: coef(cv$glmnet.fit, s = c(lambda.min, lambda.1se)), rows in COLUMNS order.
const R_BINOMIAL = {
  lambdaMin: 0.00449226708681,
  lambdaSe: 0.0316920562244,
  lambdaMax: 0.116575418543,
  nLambda: 56,
  cvm: [1.06318742383, 1.0965640998],
  cvsd: [0.0341542895322, 0.031045312854],
  n: [14, 9],
  coef: [
    [0.060732637544, 0.0390753624661],
    [-0.0278188800938, 0],
    [0.186410692229, 0.074767069828],
    [-0.129813020311, -0.0753062590795],
    [0.00612467394579, 0],
    [0.077504081187, 0.0384659585462],
    [0.188544878861, 0.0651110082913],
    [0.00642927614144, 0.0019130943954],
    [0.000996304279989, 0],
    [-0.011445568882, 0],
    [0.642433211725, 0.264021574455],
    [0.580332086546, 0.324543401925],
    [-0.143483728712, 0],
    [0.581863456485, 0.491588902242],
  ],
};
const R_COX = {
  lambdaMin: 0.0351636593132,
  lambdaSe: 0.107384734593,
  lambdaMax: 0.226034572745,
  nLambda: 51,
  cvm: [10.9123642728, 11.0586082137],
  cvsd: [0.167069966684, 0.162464042274],
  n: [6, 2],
  coef: [
    [0.048252082058, 0.0230217437218],
    [0.0121681052499, 0],
    [0.0177394427143, 0],
    [-0.010965239374, 0],
    [0, 0],
    [0, 0],
    [0.0651636128071, 0],
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
    [1.17508340238, 0.758016848577],
  ],
};

function checkAgainstR(r: Record<string, unknown>, R: typeof R_COX, ratio: 'or' | 'hr') {
  close(r.lambdaMin, R.lambdaMin, 'lambda.min', 1e-8);
  close(r.lambdaSe, R.lambdaSe, 'lambda.1se', 1e-8);
  close(r.lambdaMax, R.lambdaMax, 'lambda.max', 1e-8);
  expect(r.nLambda).toBe(R.nLambda);
  close(r.cvmMin, R.cvm[0]!, 'cvm at lambda.min');
  close(r.cvmSe, R.cvm[1]!, 'cvm at lambda.1se');
  close(r.cvsdMin, R.cvsd[0]!, 'cvsd at lambda.min', 1e-5);
  close(r.cvsdSe, R.cvsd[1]!, 'cvsd at lambda.1se', 1e-5);
  expect(r.nSelectedMin).toBe(R.n[0]);
  expect(r.nSelectedSe).toBe(R.n[1]);
  COLUMNS.forEach((c, j) => {
    close(r[`coefMin.${c}`], R.coef[j]![0]!, `${c} at lambda.min`, 1e-6, 1e-7);
    close(r[`coefSe.${c}`], R.coef[j]![1]!, `${c} at lambda.1se`, 1e-6, 1e-7);
    close(r[`${ratio}Se.${c}`], Math.exp(R.coef[j]![1]!), `${c} ${ratio} at lambda.1se`, 1e-6);
  });
}

describe('LASSO 变量筛选', () => {
  it('uses the folds that reference/lasso.R reads', () => {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../reference/lasso-folds.txt');
    const folds = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    expect(folds).toEqual(lassoFolds(294, 10, 2024));
  });

  it('binary outcome on the example: agrees with glmnet / cv.glmnet', () => {
    const r = run(table, example);
    expect(r.results.n).toBe(294);
    expect(r.results.excluded).toBe(6);
    expect(r.results.events).toBe(89);
    checkAgainstR(r.results, R_BINOMIAL, 'or');
    expect(r.results.selectedVariables).toBe('年龄、肿瘤直径(cm)、白蛋白(g/L)、C反应蛋白(mg/L)、NLR、手术时间(min)、性别、糖尿病、肿瘤分期');
    const titles = r.sections.flatMap((s) => s.blocks.map((b) => ('title' in b ? b.title : b.type)));
    expect(titles.filter((t) => t.startsWith('图')).length).toBe(2);
    expect(JSON.stringify(r.sections)).toContain('λ.1se');
  });

  it('survival outcome on the example: agrees with glmnet / cv.glmnet (Cox, Breslow)', () => {
    const r = run(table, survival);
    expect(r.results.events).toBe(109);
    checkAgainstR(r.results, R_COX, 'hr');
    expect(r.results.selectedVariables).toBe('年龄、肿瘤分期');
  });

  it('gives identical numbers for the same seed and different folds for another', () => {
    const a = run(table, example).results;
    expect(run(table, example).results).toEqual(a);
    const b = run(table, { ...example, seed: 7 }).results;
    expect(b.lambdaMax).toBe(a.lambdaMax);
    expect(b.cvmMin).not.toBe(a.cvmMin);
  });

  it('runs a continuous outcome and elastic net', () => {
    const r = run(table, { ...example, outcomeType: 'continuous', y: '白蛋白(g/L)', x: ['年龄', 'NLR', '血红蛋白(g/L)'], factors: ['肿瘤分期'], alpha: 0.5, lambdaRule: 'min' });
    expect(r.results.measure).toBe('mse');
    expect(r.results.alpha).toBe(0.5);
    expect(typeof r.results.lambdaMin).toBe('number');
  });

  it('refuses bad inputs with Chinese messages', () => {
    expect(() => run(table, { ...example, y: '' })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, x: ['年龄'], factors: [], reference: '' })).toThrow(/至少选择 2 个/);
    expect(() => run(table, { ...example, alpha: 0 })).toThrow(/α/);
    expect(() => run(table, { ...example, nfolds: 2 })).toThrow(/折数/);
    expect(() => run(table, { ...example, x: [...(example.x as string[]), '术后并发症'] })).toThrow(ToolInputError);
    // Few events: the first 25 rows hold 9 complications, 8 of them in complete rows.
    const rows = 25;
    const small = { ...table, rows, numeric: (n: string) => table.numeric(n).slice(0, rows), text: (n: string) => table.text(n).slice(0, rows) };
    expect(() => run(small, { ...example, nfolds: 3 })).toThrow(/较少一类只有 8 例/);
    expect(() => run(table, { ...survival, x: ['年龄', '随访时间(月)'] })).toThrow(/生存时间或结局/);
  });

  it('writes an R script with glmnet and cv.glmnet', () => {
    const s = rScript('lasso', example, '示例数据_临床预测模型.csv')!;
    expect(s).toContain('cv.glmnet(X, y, family = "binomial", alpha = 1, foldid = foldid)');
    expect(s).toContain('levels = unique(c("I期"');
    expect(rScript('lasso', survival, 'a.csv')).toContain('Surv(');
  });
});
