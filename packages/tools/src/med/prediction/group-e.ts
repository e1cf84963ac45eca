// Clinical prediction and causal-inference tools (issue 22), group E. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as psm } from '../psm/definition.js';
import { run as runPsm } from '../psm/run.js';
import { definition as iptw } from '../iptw/definition.js';
import { run as runIptw } from '../iptw/run.js';

export const PREDICTION_TOOLS_E: readonly Tool[] = [
  { definition: psm, run: runPsm },
  { definition: iptw, run: runIptw },
];
