// Advanced tools (issue 23, /high-tool), group A. One line per tool.
import type { Tool } from '../tool.js';
import { definition as efa } from './efa/definition.js';
import { run as runEfa } from './efa/run.js';
import { definition as pca } from './pca/definition.js';
import { run as runPca } from './pca/run.js';

export const ADVANCED_TOOLS_A: readonly Tool[] = [
  { definition: pca, run: runPca },
  { definition: efa, run: runEfa },
];
