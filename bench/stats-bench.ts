// Times the statistics engine on 1,000,000 rows beside R (when Rscript is installed) and writes the
// figures to bench/results/. Run with `npm run bench`. Numbers, not assertions.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  correlationTest,
  coxRegression,
  describe,
  logisticRegression,
  linearRegression,
  mannWhitneyU,
  oneWayAnova,
  twoSampleTTest,
  type Group,
} from '@labstat/stats';

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

// Best of three after a warm-up, as the R side takes the best of three.
function time(label: string, f: () => unknown, reps = 3): number {
  f(); // warm-up
  const t: number[] = [];
  for (let r = 0; r < reps; r++) {
    const s = process.hrtime.bigint();
    f();
    t.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  const best = Math.min(...t);
  console.log(`${label.padEnd(28)} ${best.toFixed(1)} ms`);
  return best;
}

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
  welch: time('Welch t-test', () => twoSampleTTest(x, y)),
  anova5: time('one-way ANOVA, 5 groups', () => oneWayAnova(groups)),
  regression10: time('linear regression, 10 x', () => linearRegression({ y: yr, predictors: X.map((c, j) => ({ name: `x${j}`, values: c, type: 'numeric' as const })) })),
  mannWhitney: time('Mann-Whitney U', () => mannWhitneyU(x, y)),
  spearman: time('Spearman', () => correlationTest(x, y, { method: 'spearman' })),
  logistic5: time(`logistic, 5 x, ${M} rows`, () => logisticRegression({ y: yb, predictors: modelPredictors, profile: false })),
  cox5: time(`Cox (Efron), 5 x, ${M} rows`, () => coxRegression({ time: st, status: ev, predictors: modelPredictors })),
};

let r: Record<string, number> | null = null;
try {
  execFileSync('Rscript', ['--version'], { stdio: 'ignore' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-bench-'));
  const csv = path.join(dir, 'data.csv');
  const lines = ['x,y,g,yr,' + X.map((_, j) => `x${j}`).join(',')];
  for (let i = 0; i < N; i++) lines.push(`${x[i]},${y[i]},${g[i]},${yr[i]},${X.map((c) => c[i]).join(',')}`);
  fs.writeFileSync(csv, lines.join('\n'));
  const modelCsv = path.join(dir, 'models.csv');
  const modelLines = ['yb,st,ev,' + X.slice(0, MP).map((_, j) => `x${j}`).join(',')];
  for (let i = 0; i < M; i++) modelLines.push(`${yb[i]},${st[i]},${ev[i]},${X.slice(0, MP).map((c) => c[i]).join(',')}`);
  fs.writeFileSync(modelCsv, modelLines.join('\n'));
  const terms = X.slice(0, MP).map((_, j) => `x${j}`).join(' + ');
  const script = `
    suppressPackageStartupMessages(library(survival))
    d <- read.csv("${csv}"); d$g <- factor(d$g); m <- read.csv("${modelCsv}")
    tm <- function(e) { eval(e); min(replicate(3, system.time(eval(e))[["elapsed"]])) * 1000 }
    out <- c(
      describe = tm(quote({ mean(d$x); sd(d$x); quantile(d$x, c(.25, .5, .75)); range(d$x) })),
      welch = tm(quote(t.test(d$x, d$y))),
      anova5 = tm(quote(anova(lm(x ~ g, d)))),
      regression10 = tm(quote(summary(lm(yr ~ ${X.map((_, j) => `x${j}`).join(' + ')}, d)))),
      mannWhitney = tm(quote(wilcox.test(d$x, d$y))),
      spearman = tm(quote(cor.test(d$x, d$y, method = "spearman", exact = FALSE))),
      logistic5 = tm(quote(summary(glm(yb ~ ${terms}, binomial, m)))),
      cox5 = tm(quote(summary(coxph(Surv(st, ev) ~ ${terms}, m)))))
    cat(paste(names(out), out, sep = "=", collapse = "\\n"))`;
  const text = execFileSync('Rscript', ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 });
  r = Object.fromEntries(text.trim().split('\n').map((l) => l.split('=')).map(([k, v]) => [k!, Number(v)]));
  fs.rmSync(dir, { recursive: true, force: true });
} catch (err) {
  console.log(`R not measured: ${(err as Error).message.split('\n')[0]}`);
}

const rows = Object.entries(ours).map(([k, ms]) => ({
  method: k,
  labstatMs: Number(ms.toFixed(1)),
  rMs: r?.[k] === undefined ? null : Number(r[k]!.toFixed(1)),
  ratio: r?.[k] ? Number((ms / r[k]!).toFixed(2)) : null,
}));
console.table(rows);
const out = path.join(here, 'results', `stats-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ rows: N, node: process.version, cpus: os.cpus().length, results: rows }, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
