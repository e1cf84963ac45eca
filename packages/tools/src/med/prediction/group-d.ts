// Clinical prediction and causal-inference tools (issue 22), group D. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as dca } from '../dca/definition.js';
import { run as runDca } from '../dca/run.js';
import { definition as subgroupForest } from '../subgroup-forest/definition.js';
import { run as runSubgroupForest } from '../subgroup-forest/run.js';

export const PREDICTION_TOOLS_D: readonly Tool[] = [
  { definition: dca, run: runDca },
  { definition: subgroupForest, run: runSubgroupForest },
];
