// Newton–Raphson maximisation of a concave log-likelihood with step-halving, for models whose
// information matrix is available analytically (multinomial and cumulative logit).
import { spdSolve } from './linalg.js';

export interface LikelihoodParts {
  logLik: number;
  gradient: Float64Array;
  /** Observed information −∂²ℓ (row-major, symmetric positive definite at a proper maximum). */
  information: Float64Array;
}

export interface NewtonFit extends LikelihoodParts {
  theta: Float64Array;
  iterations: number;
  converged: boolean;
  /** The information matrix stopped being positive definite (collinearity at the start, divergence later). */
  singular: boolean;
}

/**
 * Maximises ℓ from `start`. A step that lowers ℓ (or leaves the parameter space, signalled by a
 * non-finite ℓ) is halved up to 40 times. Converged when the Newton decrement gᵀH⁻¹g falls below
 * 1e-20·(1 + |ℓ|) or ℓ stops changing at rounding level.
 */
export function newtonMaximise(evaluate: (theta: Float64Array) => LikelihoodParts, start: Float64Array, what: string, maxIterations = 100): NewtonFit {
  const k = start.length;
  let theta = Float64Array.from(start);
  let cur = evaluate(theta);
  for (let it = 1; it <= maxIterations; it++) {
    let step: Float64Array;
    try {
      step = spdSolve(cur.information, cur.gradient, k, what);
    } catch {
      return { ...cur, theta, iterations: it, converged: false, singular: true };
    }
    let decrement = 0;
    for (let j = 0; j < k; j++) decrement += step[j]! * cur.gradient[j]!;
    if (decrement < 1e-20 * (1 + Math.abs(cur.logLik))) return { ...cur, theta, iterations: it, converged: true, singular: false };
    let scale = 1;
    let moved = false;
    for (let half = 0; half < 40; half++, scale /= 2) {
      const trial = Float64Array.from(theta, (t, j) => t + scale * step[j]!);
      const next = evaluate(trial);
      if (Number.isFinite(next.logLik) && next.logLik >= cur.logLik - 1e-12 * Math.abs(cur.logLik)) {
        const gain = next.logLik - cur.logLik;
        theta = trial;
        cur = next;
        moved = true;
        if (Math.abs(gain) <= 1e-15 * (1 + Math.abs(cur.logLik)) && half > 0) return { ...cur, theta, iterations: it, converged: true, singular: false };
        break;
      }
    }
    if (!moved) return { ...cur, theta, iterations: it, converged: decrement < 1e-8 * (1 + Math.abs(cur.logLik)), singular: false };
  }
  return { ...cur, theta, iterations: maxIterations, converged: false, singular: false };
}
