import { describe, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { nctCdf } from './noncentral-t.js';

const N = fixture('noncentral');

describe('noncentral t agrees with R pt(t, df, ncp)', () => {
  it('over t, df and ncp', () => {
    // Both R and AS 243 get the lower tail for t < 0 as 1 − (series), so tiny values share ~1e-13
    // absolute error: 1e-9 relative or 1e-12 absolute.
    for (const r of N.nct) expectClose(nctCdf(r.t, r.df, r.ncp), r.p, 1e-9, `pt(${r.t}, ${r.df}, ${r.ncp})`, 1e-12);
  });
});
