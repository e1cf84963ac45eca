// Times the statistics engine on 1,000,000 rows (models on 100,000) beside R in the same run (when
// Rscript is installed) and writes the figures to bench/results/: one line per method the tools
// call, so none can silently be O(n²). Run with `npm run bench`. Numbers, not assertions: on a
// shared machine both sides slow down together, so read the ratio, not the milliseconds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  correlationTest,
  coxRegression,
  describe,
  kruskalWallis,
  logisticRegression,
  linearRegression,
  mannWhitneyU,
  oneWayAnova,
  twoSampleTTest,
  wilcoxonSignedRank,
  type Group,
} from '@labstat/stats';
import { crossTabulate } from '../packages/tools/src/contingency.js';
import { run as chisqTool } from '../packages/tools/src/med/chisq/run.js';
import type { DataTable } from '../packages/tools/src/tool.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);

// Deterministic data (xorshift + Box–Muller) written to CSV so R times the same numbers.
let seed = 88172645463325252n;
function uniform(): number {
  seed ^= seed << 13n;
  seed &= 0xffffffffffffffffn;
  seed ^= seed >> 7n;
  seed ^= seed << 17n;
  seed &= 0xffffffffffffffffn;
  return Number(seed >> 11n) / 2 ** 53;
}
const normal = () => Math.sqrt(-2 * Math.log(uniform() || 1e-300)) * Math.cos(2 * Math.PI * uniform());

const x = Float64Array.from({ length: N }, () => 100 + 15 * normal());
const y = Float64Array.from({ length: N }, () => 102 + 15 * normal());
const g = Int32Array.from({ length: N }, () => Math.floor(uniform() * 5));
const P = 10;
const X = Array.from({ length: P }, () => Float64Array.from({ length: N }, normal));
const yr = Float64Array.from({ length: N }, (_, i) => 1 + X.reduce((s, c, j) => s + (j + 1) * 0.1 * c[i]!, 0) + normal());

// Median of five after a warm-up, as the R side takes the median of five: the machine is shared, so
// the median (not the best) is the figure, and the 1-minute load average is recorded per line. CPU
// time (user + system) is kept beside the wall time: it is far less disturbed by other processes.
const REPS = Number(process.env.BENCH_REPS ?? 5);
const oursCpu: Record<string, number> = {};
const loadByLabel: Record<string, number> = {};
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
function time(label: string, f: () => unknown, reps = REPS): number {
  f(); // warm-up
  const t: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    const s = process.hrtime.bigint();
    f();
    t.push(Number(process.hrtime.bigint() - s) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const mid = median(t);
  oursCpu[label] = median(cpu);
  loadByLabel[label] = os.loadavg()[0]!;
  console.log(`${label.padEnd(28)} ${mid.toFixed(1)} ms (cpu ${oursCpu[label]!.toFixed(1)} ms, load ${loadByLabel[label]!.toFixed(2)})`);
  return mid;
}

// Two category columns (3 and 4 levels, as text) for the χ² cross-tabulation and tool.
const catA = ['A', 'B', 'C'];
const catB = ['x', 'y', 'z', 'w'];
const ca = Array.from({ length: N }, () => catA[Math.floor(uniform() * 3)]!);
const cb = Array.from({ length: N }, (_, i) => catB[Math.min(3, Math.floor(uniform() * 3.6 + (ca[i] === 'C' ? 0.4 : 0)))]!);
const catTable: DataTable = {
  rows: N,
  variables: ['a', 'b'].map((name) => ({ name, type: 'categorical', valid: N, missing: 0, distinct: 0, min: null, max: null, mean: null, levels: [] })),
  text: (name) => (name === 'a' ? ca : cb),
  numeric: () => {
    throw new Error('not numeric');
  },
};
// R's cor(method = "kendall") compares every pair (O(n²)): both sides are also timed on K pairs.
const K = Math.min(N, Number(process.env.BENCH_KENDALL_R_ROWS ?? 20_000));

const groups: Group[] = Array.from({ length: 5 }, (_, k) => ({ name: `g${k}`, values: [] as number[] }));
for (let i = 0; i < N; i++) groups[g[i]!]!.values.push(x[i]!);

// Models on the first M rows (issue "Statistics engine, part 2": logistic and Cox on 100,000 rows).
const M = Math.min(N, Number(process.env.BENCH_MODEL_ROWS ?? 100_000));
const MP = 5;
const lin = Float64Array.from({ length: M }, (_, i) => X.slice(0, MP).reduce((s, c, j) => s + (j % 2 ? -0.3 : 0.4) * c[i]!, 0));
const yb = Float64Array.from(lin, (l) => (uniform() < 1 / (1 + Math.exp(-l)) ? 1 : 0));
const eventTime = Float64Array.from(lin, (l) => -Math.log(uniform() || 1e-300) / Math.exp(l));
const censorTime = Float64Array.from(lin, () => -Math.log(uniform() || 1e-300) * 1.5);
const st = Float64Array.from(eventTime, (t, i) => Math.min(t, censorTime[i]!));
const ev = Float64Array.from(eventTime, (t, i) => (t <= censorTime[i]! ? 1 : 0));
const modelPredictors = X.slice(0, MP).map((c, j) => ({ name: `x${j}`, values: c.subarray(0, M), type: 'numeric' as const }));

const ours: Record<string, number> = {
  describe: time('describe', () => describe(x)),
  // The same call, read against R computing the same statistics (moments, logs, lag-1) below.
  describeFull: time('describe (vs R, same stats)', () => describe(x)),
  welch: time('Welch t-test', () => twoSampleTTest(x, y)),
  anova5: time('one-way ANOVA, 5 groups', () => oneWayAnova(groups)),
  regression10: time('linear regression, 10 x', () => linearRegression({ y: yr, predictors: X.map((c, j) => ({ name: `x${j}`, values: c, type: 'numeric' as const })) })),
  mannWhitney: time('Mann-Whitney U', () => mannWhitneyU(x, y)),
  spearman: time('Spearman', () => correlationTest(x, y, { method: 'spearman' })),
  pearson: time('Pearson', () => correlationTest(x, y)),
  kendall: time('Kendall tau-b', () => correlationTest(x, y, { method: 'kendall' })),
  kendallSmall: time(`Kendall tau-b, ${K} pairs`, () => correlationTest(x.subarray(0, K), y.subarray(0, K), { method: 'kendall' })),
  wilcoxonPaired: time('Wilcoxon signed-rank', () => wilcoxonSignedRank(x, y)),
  kruskal5: time('Kruskal-Wallis, 5 groups', () => kruskalWallis(groups)),
  crossTab: time('cross-tabulation 3x4', () => crossTabulate({ rowValues: ca, colValues: cb, rowName: 'a', colName: 'b' })),
  chisqTool: time('chi-square tool run()', () => chisqTool(catTable, { row: 'a', col: 'b' })),
  logistic5: time(`logistic, 5 x, ${M} rows`, () => logisticRegression({ y: yb, predictors: modelPredictors, profile: false })),
  cox5: time(`Cox (Efron), 5 x, ${M} rows`, () => coxRegression({ time: st, status: ev, predictors: modelPredictors })),
  // The same call, read against R also running cox.zph (which coxRegression() always reports).
  cox5Full: time(`Cox (Efron) + PH test, 5 x, ${M} rows`, () => coxRegression({ time: st, status: ev, predictors: modelPredictors })),
};

// CPU time by method: time() files it under the label, taken in the order the methods ran.
const cpuByKey = Object.fromEntries(Object.keys(ours).map((k, i) => [k, Object.values(oursCpu)[i]!]));
const loadByKey = Object.fromEntries(Object.keys(ours).map((k, i) => [k, Object.values(loadByLabel)[i]!]));
// What each side computes where the two are not one named function doing the same job.
const DESCRIBE_STATS =
  'n, missing, mean, sd, variance, se, min, max, range, q1, median, q3, IQR (type 7), skewness g1 and G1 with its SE, ' +
  'excess kurtosis g2 and G2 with its SE, cv, geometric and harmonic mean, t-based 95% CI of the mean, lag-1 autocorrelation';
const computes: Record<string, { labstat: string; r: string }> = {
  describe: { labstat: `describe(): ${DESCRIBE_STATS}`, r: 'mean, sd, quantile(c(.25, .5, .75)), range only (the older, narrower reference)' },
  describeFull: { labstat: `describe(): ${DESCRIBE_STATS}`, r: `the same statistics in base R: ${DESCRIBE_STATS}` },
  pearson: { labstat: 'correlationTest(): r, t, df, p, Fisher-z 95% CI', r: 'cor.test(x, y): r, t, df, p, 95% CI' },
  cox5: {
    labstat: 'coxRegression() (Efron): fit from beta = 0 stopping by coxph.control (eps 1e-9, iter.max 20), Wald/LR/score tests, concordance and its SE, and the cox.zph proportional-hazards test',
    r: 'summary(coxph(..., ties = "efron")): the fit, Wald/LR/score tests and concordance (no cox.zph)',
  },
  cox5Full: {
    labstat: 'coxRegression() (Efron), the same call as cox5',
    r: 'summary(coxph(..., ties = "efron")) and cox.zph() on the fit: the same statistics as ours',
  },
};

let r: Record<string, number> | null = null;
let rCpu: Record<string, number> | null = null;
try {
  execFileSync('Rscript', ['--version'], { stdio: 'ignore' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-bench-'));
  const csv = path.join(dir, 'data.csv');
  const lines = ['x,y,g,yr,ca,cb,' + X.map((_, j) => `x${j}`).join(',')];
  for (let i = 0; i < N; i++) lines.push(`${x[i]},${y[i]},${g[i]},${yr[i]},${ca[i]},${cb[i]},${X.map((c) => c[i]).join(',')}`);
  fs.writeFileSync(csv, lines.join('\n'));
  const modelCsv = path.join(dir, 'models.csv');
  const modelLines = ['yb,st,ev,' + X.slice(0, MP).map((_, j) => `x${j}`).join(',')];
  for (let i = 0; i < M; i++) modelLines.push(`${yb[i]},${st[i]},${ev[i]},${X.slice(0, MP).map((c) => c[i]).join(',')}`);
  fs.writeFileSync(modelCsv, modelLines.join('\n'));
  const terms = X.slice(0, MP).map((_, j) => `x${j}`).join(' + ');
  const script = `
    suppressPackageStartupMessages(library(survival))
    d <- read.csv("${csv}", stringsAsFactors = FALSE); d$g <- factor(d$g); m <- read.csv("${modelCsv}")
    tm <- function(e) { eval(e); s <- replicate(${REPS}, { t <- system.time(eval(e)); c(t[["elapsed"]], t[["user.self"]] + t[["sys.self"]]) })
      paste(median(s[1, ]) * 1000, median(s[2, ]) * 1000, sep = ",") }
    out <- c(
      describe = tm(quote({ mean(d$x); sd(d$x); quantile(d$x, c(.25, .5, .75)); range(d$x) })),
      describeFull = tm(quote({ v <- d$x[is.finite(d$x)]; nv <- length(v); mv <- mean(v); sv <- sd(v); dv <- v - mv; m2 <- sum(dv^2) / nv
        se <- sv / sqrt(nv); g1 <- sum(dv^3) / nv / m2^1.5; g2 <- sum(dv^4) / nv / m2^2 - 3; q <- quantile(v, c(.25, .5, .75))
        ses <- sqrt(6 * nv * (nv - 1) / ((nv - 2) * (nv + 1) * (nv + 3)))
        c(nv, sum(!is.finite(d$x)), mv, sv, sv^2, se, range(v), diff(range(v)), q, q[3] - q[1],
          g1, g1 * sqrt(nv * (nv - 1)) / (nv - 2), ses, g2, ((nv + 1) * g2 + 6) * (nv - 1) / ((nv - 2) * (nv - 3)),
          2 * ses * sqrt((nv^2 - 1) / ((nv - 3) * (nv + 5))), sv / mv, exp(mean(log(v))), 1 / mean(1 / v),
          mv + c(-1, 1) * qt(0.975, nv - 1) * se, sum(dv[-1] * dv[-nv]) / sum(dv^2)) })),
      welch = tm(quote(t.test(d$x, d$y))),
      anova5 = tm(quote(anova(lm(x ~ g, d)))),
      regression10 = tm(quote(summary(lm(yr ~ ${X.map((_, j) => `x${j}`).join(' + ')}, d)))),
      mannWhitney = tm(quote(wilcox.test(d$x, d$y))),
      spearman = tm(quote(cor.test(d$x, d$y, method = "spearman", exact = FALSE))),
      pearson = tm(quote(cor.test(d$x, d$y))),
      kendallSmall = tm(quote(cor.test(d$x[1:${K}], d$y[1:${K}], method = "kendall"))),
      wilcoxonPaired = tm(quote(wilcox.test(d$x, d$y, paired = TRUE))),
      kruskal5 = tm(quote(kruskal.test(x ~ g, d))),
      crossTab = tm(quote(table(d$ca, d$cb))),
      chisqTool = tm(quote(chisq.test(table(d$ca, d$cb)))),
      logistic5 = tm(quote(summary(glm(yb ~ ${terms}, binomial, m)))),
      cox5 = tm(quote(summary(coxph(Surv(st, ev) ~ ${terms}, m)))),
      cox5Full = tm(quote({ f <- coxph(Surv(st, ev) ~ ${terms}, m); summary(f); cox.zph(f) })))
    cat(paste(names(out), out, sep = "=", collapse = "\\n"))`;
  const text = execFileSync('Rscript', ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const pairs = text.trim().split('\n').map((l) => l.split('='));
  r = Object.fromEntries(pairs.map(([k, v]) => [k!, Number(v!.split(',')[0])]));
  rCpu = Object.fromEntries(pairs.map(([k, v]) => [k!, Number(v!.split(',')[1])]));
  fs.rmSync(dir, { recursive: true, force: true });
} catch (err) {
  console.log(`R not measured: ${(err as Error).message.split('\n')[0]}`);
}

// Rows each line ran on (models on M; the small Kendall on K; R cannot run Kendall on N pairs).
const sizes: Record<string, number> = { logistic5: M, cox5: M, cox5Full: M, kendallSmall: K };
const rows = Object.entries(ours).map(([k, ms]) => ({
  method: k,
  rows: sizes[k] ?? N,
  labstatMs: Number(ms.toFixed(1)),
  rMs: r?.[k] === undefined ? null : Number(r[k]!.toFixed(1)),
  ratio: r?.[k] ? Number((ms / r[k]!).toFixed(2)) : null,
  labstatCpuMs: Number(cpuByKey[k]!.toFixed(1)),
  rCpuMs: rCpu?.[k] === undefined ? null : Number(rCpu[k]!.toFixed(1)),
  cpuRatio: rCpu?.[k] ? Number((cpuByKey[k]! / rCpu[k]!).toFixed(2)) : null,
  loadavg: Number(loadByKey[k]!.toFixed(2)),
  ...(computes[k] ? { computes: computes[k] } : {}),
}));
console.table(rows);
const out = path.join(here, 'results', `stats-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
const note =
  `Median of ${REPS} after a warm-up on each side, R in the same run. The machine may be shared: each row's loadavg is the ` +
  '1-minute load when that line finished (the top-level one when the run ended); compare ratios, and prefer cpuRatio (user + system CPU time) when the load was high. ' +
  'Rows with "computes" say what each side computes: describe is read against R\'s mean, sd, quantile and range (the older reference), ' +
  'describeFull against R computing every statistic describe() reports; describeFull is the like-for-like figure. ' +
  'cox5 is read against summary(coxph()) alone, cox5Full against R also running cox.zph() as ours always does (the like-for-like figure). ' +
  'kendall has no R figure (cor() is O(n²)); kendallSmall times both on the same K pairs.';
fs.writeFileSync(out, JSON.stringify({ rows: N, node: process.version, cpus: os.cpus().length, loadavg: Number(os.loadavg()[0]!.toFixed(2)), note, results: rows }, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
