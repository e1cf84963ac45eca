// Advanced tools (issue 23, /high-tool), group B. One line per tool.
import type { Tool } from '../tool.js';
import { definition as clusterAnalysis } from './cluster-analysis/definition.js';
import { run as runClusterAnalysis } from './cluster-analysis/run.js';
import { definition as mice } from './mice/definition.js';
import { run as runMice } from './mice/run.js';
import { definition as reliability } from './reliability/definition.js';
import { run as runReliability } from './reliability/run.js';

export const ADVANCED_TOOLS_B: readonly Tool[] = [
  { definition: reliability, run: runReliability },
  { definition: clusterAnalysis, run: runClusterAnalysis },
  { definition: mice, run: runMice },
];
