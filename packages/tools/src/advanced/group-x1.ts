// Advanced tools (issue 23, /high-tool), group X1. One line per tool.
import type { Tool } from '../tool.js';
import { definition as canonicalCorrelation } from './canonical-correlation/definition.js';
import { run as runCanonicalCorrelation } from './canonical-correlation/run.js';
import { definition as discriminant } from './discriminant/definition.js';
import { run as runDiscriminant } from './discriminant/run.js';

export const ADVANCED_TOOLS_X1: readonly Tool[] = [
  { definition: discriminant, run: runDiscriminant },
  { definition: canonicalCorrelation, run: runCanonicalCorrelation },
];
