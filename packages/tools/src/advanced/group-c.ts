// Advanced tools (issue 23, /high-tool), group C. One line per tool.
import type { Tool } from '../tool.js';
import { definition as curve } from './curve-estimation/definition.js';
import { run as runCurve } from './curve-estimation/run.js';
import { definition as ridge } from './ridge-regression/definition.js';
import { run as runRidge } from './ridge-regression/run.js';
import { definition as stepwise } from './stepwise-regression/definition.js';
import { run as runStepwise } from './stepwise-regression/run.js';

export const ADVANCED_TOOLS_C: readonly Tool[] = [
  { definition: stepwise, run: runStepwise },
  { definition: ridge, run: runRidge },
  { definition: curve, run: runCurve },
];
