// Public surface of @labstat/stats: pure functions over arrays, no I/O.
export * from './errors.js';
export * from './distributions/normal.js';
export * from './distributions/t.js';
export * from './distributions/chisq.js';
export * from './distributions/f.js';
export * from './distributions/discrete.js';
export * from './descriptive/quantile.js';
export * from './descriptive/describe.js';
