import { describe, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { chisqCdf, chisqPdf, chisqQuantile, chisqSf, chisqUpperQuantile } from './chisq.js';
import {
  binomialCdf,
  binomialPmf,
  binomialQuantile,
  binomialSf,
  poissonCdf,
  poissonPmf,
  poissonQuantile,
  poissonSf,
} from './discrete.js';
import { fCdf, fPdf, fQuantile, fSf, fUpperQuantile } from './f.js';
import { normalCdf, normalPdf, normalQuantile, normalSf, normalUpperQuantile } from './normal.js';
import { tCdf, tPdf, tQuantile, tSf } from './t.js';

const F = fixture('distributions');
// Closed forms through @stdlib special functions: 1e-12 relative in the body and the tails.
const REL = 1e-12;
// Quantiles are found by iterative inversion.
const QREL = 1e-10;

describe('distributions agree with R', () => {
  it('normal', () => {
    for (const r of F.normal) {
      expectClose(normalPdf(r.x), r.pdf, REL, `dnorm(${r.x})`, 1e-300);
      expectClose(normalCdf(r.x), r.cdf, REL, `pnorm(${r.x})`, 1e-300);
      expectClose(normalSf(r.x), r.sf, REL, `pnorm(${r.x}, lower=F)`, 1e-300);
    }
    for (const r of F.normalQuantile) {
      expectClose(normalQuantile(r.p), r.q, QREL, `qnorm(${r.p})`, 1e-15);
      expectClose(normalUpperQuantile(r.p), r.upper, QREL, `qnorm(${r.p}, lower=F)`, 1e-15);
    }
  });

  it('t, including a p-value far below 1e-100', () => {
    for (const r of F.t) {
      expectClose(tPdf(r.x, r.df), r.pdf, REL, `dt(${r.x}, ${r.df})`, 1e-300);
      expectClose(tCdf(r.x, r.df), r.cdf, REL, `pt(${r.x}, ${r.df})`, 1e-300);
      expectClose(tSf(r.x, r.df), r.sf, REL, `pt(${r.x}, ${r.df}, lower=F)`, 1e-300);
    }
    for (const r of F.tQuantile) expectClose(tQuantile(r.p, r.df), r.q, QREL, `qt(${r.p}, ${r.df})`, 1e-14);
  });

  it('chi-square', () => {
    for (const r of F.chisq) {
      expectClose(chisqPdf(r.x, r.df), r.pdf, REL, `dchisq(${r.x}, ${r.df})`, 1e-300);
      expectClose(chisqCdf(r.x, r.df), r.cdf, REL, `pchisq(${r.x}, ${r.df})`, 1e-300);
      expectClose(chisqSf(r.x, r.df), r.sf, REL, `pchisq(${r.x}, ${r.df}, lower=F)`, 1e-300);
    }
    for (const r of F.chisqQuantile) {
      expectClose(chisqQuantile(r.p, r.df), r.q, QREL, `qchisq(${r.p}, ${r.df})`);
      expectClose(chisqUpperQuantile(r.p, r.df), r.upper, QREL, `qchisq(${r.p}, ${r.df}, lower=F)`);
    }
  });

  it('F', () => {
    for (const r of F.f) {
      const lab = `(${r.x}, ${r.df1}, ${r.df2})`;
      expectClose(fPdf(r.x, r.df1, r.df2), r.pdf, REL, `df${lab}`, 1e-300);
      expectClose(fCdf(r.x, r.df1, r.df2), r.cdf, REL, `pf${lab}`, 1e-300);
      expectClose(fSf(r.x, r.df1, r.df2), r.sf, REL, `pf${lab} upper`, 1e-300);
    }
    // Where R's qf misses its own target (R's pf of R's answer is off by more than 1e-12), only
    // the round trip through our pf (checked against R above) can judge; elsewhere compare with R.
    const check = (q: number, rq: number, back: number, p: number, tail: (x: number) => number, label: string) => {
      if (Math.abs(back - p) <= 1e-12 * p) expectClose(q, rq, QREL, label);
      else expectClose(tail(q), p, 1e-12, `${label} round trip (R's own qf is off by ${((back - p) / p).toExponential(1)})`);
    };
    for (const r of F.fQuantile) {
      check(fQuantile(r.p, r.df1, r.df2), r.q, r.qBack, r.p, (x) => fCdf(x, r.df1, r.df2), `qf(${r.p}, ${r.df1}, ${r.df2})`);
      check(fUpperQuantile(r.p, r.df1, r.df2), r.upper, r.upperBack, r.p, (x) => fSf(x, r.df1, r.df2), `qf(${r.p}, ${r.df1}, ${r.df2}, lower=F)`);
    }
  });

  it('binomial and Poisson', () => {
    for (const r of F.binomial) {
      const lab = `(${r.k}, ${r.n}, ${r.p})`;
      expectClose(binomialPmf(r.k, r.n, r.p), r.pmf, REL, `dbinom${lab}`, 1e-300);
      expectClose(binomialCdf(r.k, r.n, r.p), r.cdf, REL, `pbinom${lab}`, 1e-300);
      expectClose(binomialSf(r.k, r.n, r.p), r.sf, REL, `pbinom${lab} upper`, 1e-300);
    }
    for (const r of F.binomialQuantile) expectClose(binomialQuantile(r.q, r.n, r.p), r.k, 0, `qbinom(${r.q}, ${r.n}, ${r.p})`);
    for (const r of F.poisson) {
      const lab = `(${r.k}, ${r.lambda})`;
      expectClose(poissonPmf(r.k, r.lambda), r.pmf, REL, `dpois${lab}`, 1e-300);
      expectClose(poissonCdf(r.k, r.lambda), r.cdf, REL, `ppois${lab}`, 1e-300);
      expectClose(poissonSf(r.k, r.lambda), r.sf, REL, `ppois${lab} upper`, 1e-300);
    }
    for (const r of F.poissonQuantile) expectClose(poissonQuantile(r.q, r.lambda), r.k, 0, `qpois(${r.q}, ${r.lambda})`);
  });
});
