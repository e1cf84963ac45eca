// Public surface of @labstat/processing.
export * from './method.js';
export * from './registry.js';
export * from './execute.js';
export * from './sql.js';
