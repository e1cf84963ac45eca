// Public surface of @labstat/tools.
export * from './examples.js';
export * from './tool.js';
export * from './report-helpers.js';
export * from './registry.js';
export * from './catalogue.js';
export * from './columns.js';
export * from './r-code.js';
export { interpret, explain, intentOf, type Intent } from './interpret/interpret.js';
export { ungroundedNumbers } from './interpret/grounding.js';
export * from './calc/calc-tool.js';
export * from './calc/registry.js';
