// Correspondence analysis against ca::ca (fixtures/make-correspondence.R). Tolerance: 1e-9 relative
// (1e-12 absolute near zero) for every inertia, mass, distance, coordinate, contribution and cosine².
import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { correspondenceAnalysis } from './correspondence.js';

const R = fixture('correspondence');
const close = (a: number, b: number, label: string) => expectClose(a, b, 1e-9, label, 1e-12);
const matrix = (got: number[][], want: number[][], label: string) =>
  want.forEach((row, i) => row.forEach((v, k) => close(got[i]![k]!, v, `${label}[${i},${k}]`)));

describe('correspondence analysis agrees with ca::ca', () => {
  for (const name of ['smoke', 'smokeT', 'small']) {
    it(`${name}: inertias, χ², masses, distances, coordinates, contributions and cos²`, () => {
      const ref = R[name];
      const ca = correspondenceAnalysis(ref.table);
      expect(ca.dims).toBe(ref.sv.length);
      ca.singularValues.forEach((v, k) => close(v, ref.sv[k], `sv ${k}`));
      ca.eigenvalues.forEach((v, k) => close(v, ref.eig[k], `eig ${k}`));
      close(ca.totalInertia, ref.total, 'total inertia');
      close(ca.statistic, ref.chisq, 'χ²');
      expect(ca.df).toBe(ref.df);
      close(ca.pValue, ref.p, 'p');
      expect(ca.cumulative[ca.dims - 1]).toBeCloseTo(100, 9);
      for (const [side, pts] of [['row', ca.rows], ['col', ca.columns]] as const) {
        pts.mass.forEach((v, i) => close(v, ref[`${side}mass`][i], `${side} mass ${i}`));
        pts.distance.forEach((v, i) => close(v, ref[`${side}dist`][i], `${side} dist ${i}`));
        pts.inertia.forEach((v, i) => close(v, ref[`${side}inertia`][i], `${side} inertia ${i}`));
        matrix(pts.standard, ref[`${side}std`], `${side} standard`);
        matrix(pts.principal, ref[`${side}pc`], `${side} principal`);
        matrix(pts.contribution, ref[`${side}ctr`], `${side} ctr`);
        matrix(pts.cos2, ref[`${side}cos2`], `${side} cos2`);
      }
    });
  }

  it('rejects tables that cannot be analysed', () => {
    expect(() => correspondenceAnalysis([[1, 2, 3]])).toThrow(StatsError);
    expect(() => correspondenceAnalysis([[1, 0], [2, 0]])).toThrow(/整行或整列为 0/);
    expect(() => correspondenceAnalysis([[1, -1], [2, 3]])).toThrow(StatsError);
    expect(() => correspondenceAnalysis([[2, 4], [1, 2]])).toThrow(/完全独立/);
  });
});
