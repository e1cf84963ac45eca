// Public surface of @labstat/contracts.
export * from './envelope.js';
export * from './device.js';
export * from './accounts.js';
export * from './site.js';
export * from './files.js';
export * from './report.js';
export * from './tools.js';
export * from './tasks.js';
export * from './ai.js';
export * from './commerce.js';
export * from './help.js';
export * from './calc.js';
export * from './figure.js';
export * from './risk-calculator.js';
export * from './ops.js';
