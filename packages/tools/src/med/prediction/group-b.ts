// Clinical prediction and causal-inference tools (issue 22), group B. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as rcs } from '../rcs/definition.js';
import { run as runRcs } from '../rcs/run.js';

export const PREDICTION_TOOLS_B: readonly Tool[] = [{ definition: rcs, run: runRcs }];
