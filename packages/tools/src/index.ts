// Public surface of @labstat/tools.
export * from './examples.js';
