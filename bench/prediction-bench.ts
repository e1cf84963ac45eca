// The one-flow clinical prediction model (issue 22: “npm run bench records the prediction-model flow
// on 10,000 rows × 20 candidates with its time”): the tool's run() on a seeded in-memory table —
// LASSO with 10-fold CV, the refitted logistic model, nomogram, ROC, bootstrap validation and
// calibration (B = 200) and decision curves — beside the same fits in R (cv.glmnet + glm + pROC +
// rms::validate and calibrate, B = 200) timed in the same run when Rscript and the packages are
// there. Writes bench/results/prediction-<date>.json. Numbers, not assertions.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VariableInfo } from '@labstat/contracts';
import type { DataTable, Params } from '../packages/tools/src/tool.js';
import { run } from '../packages/tools/src/med/prediction-model-flow/run.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_ROWS ?? 10_000);
const NUMERIC = 17;
const FACTORS = 3;
const B = 200;
const FOLDS = 10;

// Deterministic data (xorshift + Box–Muller), written to CSV so R fits the same numbers.
let state = 88172645463325252n;
function uniform(): number {
  state ^= state << 13n;
  state &= 0xffffffffffffffffn;
  state ^= state >> 7n;
  state ^= state << 17n;
  state &= 0xffffffffffffffffn;
  return (Number(state >> 11n) + 0.5) / 2 ** 53;
}
const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());

// Eight of the numeric candidates and two factors carry signal; the rest are noise.
const xs = Array.from({ length: NUMERIC }, () => Array.from({ length: N }, normal));
const levels = ['A', 'B', 'C'];
const fs_ = Array.from({ length: FACTORS }, () => Array.from({ length: N }, () => levels[Math.floor(uniform() * 3)]!));
const beta = xs.map((_, j) => (j < 8 ? 0.5 - 0.05 * j : 0));
const y = Array.from({ length: N }, (_, i) => {
  const lp = -1 + xs.reduce((s, c, j) => s + beta[j]! * c[i]!, 0) + (fs_[0]![i] === 'B' ? 0.4 : fs_[0]![i] === 'C' ? 0.8 : 0) + (fs_[1]![i] === 'C' ? -0.5 : 0);
  return uniform() < 1 / (1 + Math.exp(-lp)) ? '是' : '否';
});
const xNames = xs.map((_, j) => `x${j + 1}`);
const fNames = fs_.map((_, j) => `f${j + 1}`);
const columns: Record<string, Array<number | string>> = { y };
xNames.forEach((nm, j) => (columns[nm] = xs[j]!));
fNames.forEach((nm, j) => (columns[nm] = fs_[j]!));
const variables: VariableInfo[] = Object.keys(columns).map((name) => ({
  name,
  type: name.startsWith('x') ? 'numeric' : 'categorical',
  valid: N,
  missing: 0,
  distinct: name.startsWith('x') ? N : name === 'y' ? 2 : 3,
  min: null,
  max: null,
  mean: null,
  levels: [],
}));
const table: DataTable = {
  rows: N,
  variables,
  numeric: (name) => columns[name]!.map((v) => (typeof v === 'number' ? v : null)),
  text: (name) => columns[name]!.map(String),
};
const params: Params = { y: 'y', event: '是', x: xNames, factors: fNames, reference: '', lambdaRule: '1se', nfolds: FOLDS, B, seed: 2026, dcaFrom: 0.01, dcaTo: 0.8 };

const t0 = performance.now();
const report = run(table, params);
const flowMs = performance.now() - t0;
const res = report.results;
console.log(`flow: ${flowMs.toFixed(0)} ms; selected ${String(res.nSelected)} (${String(res.selectedVariables)}), AUC ${Number(res.auc).toFixed(4)}, corrected C ${Number(res.cCorrected).toFixed(4)}`);

let r: { rMs: number; rSteps: Record<string, number>; rAuc: number } | null = null;
let rNote: string | null = null;
try {
  execFileSync('Rscript', ['-e', 'for (p in c("glmnet", "rms", "pROC")) if (!requireNamespace(p, quietly = TRUE)) stop("missing R package ", p)'], { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-prediction-bench-'));
  const csv = path.join(dir, 'data.csv');
  const names = Object.keys(columns);
  const lines = [names.join(',')];
  for (let i = 0; i < N; i++) lines.push(names.map((nm) => String(columns[nm]![i])).join(','));
  fs.writeFileSync(csv, lines.join('\n'));
  // The tool's selection is used for the refit so both sides fit the same model (R's folds differ).
  const sel = String(res.selectedVariables).split('、');
  const script = `
    suppressPackageStartupMessages({ library(glmnet); library(rms); library(pROC) })
    d <- read.csv("${csv}", fileEncoding = "UTF-8"); d$y <- as.integer(d$y == "是")
    for (f in c(${fNames.map((f) => `"${f}"`).join(', ')})) d[[f]] <- factor(d[[f]])
    el <- function(e) system.time(e)[["elapsed"]] * 1000
    X <- model.matrix(~ . - y, d)[, -1]
    set.seed(2026)
    t_lasso <- el(cv <- cv.glmnet(X, d$y, family = "binomial", nfolds = ${FOLDS}))
    f <- y ~ ${sel.join(' + ')}
    t_glm <- el(fit <- glm(f, binomial, d))
    t_roc <- el(ci <- ci.auc(roc(d$y, fitted(fit), direction = "<", levels = c(0, 1), quiet = TRUE), method = "delong"))
    dd <- datadist(d); options(datadist = "dd")
    t_lrm <- el(lfit <- lrm(f, d, x = TRUE, y = TRUE))
    t_validate <- el(v <- validate(lfit, method = "boot", B = ${B}))
    t_calibrate <- el(cal <- calibrate(lfit, method = "boot", B = ${B}))
    cat(sprintf("lasso=%f\\nglm=%f\\nroc=%f\\nlrm=%f\\nvalidate=%f\\ncalibrate=%f\\nauc=%.10f", t_lasso, t_glm, t_roc, t_lrm, t_validate, t_calibrate, ci[2]))`;
  const text = execFileSync('Rscript', ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const kv = Object.fromEntries(text.trim().split('\n').map((l) => l.split('=')).map(([k, v]) => [k!, Number(v)]));
  const { auc, ...steps } = kv;
  r = { rMs: Object.values(steps).reduce((a, b) => a + b, 0), rSteps: steps, rAuc: auc! };
  fs.rmSync(dir, { recursive: true, force: true });
} catch (err) {
  rNote = `R not measured: ${(err as Error).message.split('\n')[0]}`;
  console.log(rNote);
}

const result = {
  rows: N,
  candidates: NUMERIC + FACTORS,
  folds: FOLDS,
  B,
  node: process.version,
  cpus: os.cpus().length,
  labstatFlowMs: Number(flowMs.toFixed(1)),
  selected: res.nSelected,
  auc: res.auc,
  cCorrected: res.cCorrected,
  rMs: r ? Number(r.rMs.toFixed(1)) : null,
  rSteps: r?.rSteps ?? null,
  rAuc: r?.rAuc ?? null,
  ratio: r ? Number((flowMs / r.rMs).toFixed(2)) : null,
  note: rNote ?? 'R times cv.glmnet (its own folds), then glm, pROC ci.auc, lrm, validate and calibrate (B = 200) on the variables the tool selected; the tool also draws the nomogram, DCA and report.',
};
console.table([result]);
const out = path.join(here, 'results', `prediction-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
