// The NIST StRD univariate datasets that are defined by a rule (NumAcc1–4), with certified values.
// NumAcc2–4 are hard on purpose: 1001 values with 8 leading digits shared, sd 0.1.

export interface CertifiedUnivariate {
  name: string;
  values: number[];
  mean: number;
  sd: number;
  autocorrelation: number;
}

function alternating(first: number, a: number, b: number): number[] {
  const out = [first];
  for (let i = 0; i < 500; i++) out.push(a, b);
  return out;
}

export const NIST_UNIVARIATE: CertifiedUnivariate[] = [
  { name: 'NumAcc1', values: [10000001, 10000003, 10000002], mean: 10000002, sd: 1, autocorrelation: -0.5 },
  { name: 'NumAcc2', values: alternating(1.2, 1.1, 1.3), mean: 1.2, sd: 0.1, autocorrelation: -0.999 },
  { name: 'NumAcc3', values: alternating(1000000.2, 1000000.1, 1000000.3), mean: 1000000.2, sd: 0.1, autocorrelation: -0.999 },
  { name: 'NumAcc4', values: alternating(10000000.2, 10000000.1, 10000000.3), mean: 10000000.2, sd: 0.1, autocorrelation: -0.999 },
];
