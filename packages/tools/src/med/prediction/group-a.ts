// Clinical prediction and causal-inference tools (issue 22), group A. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as lasso } from '../lasso/definition.js';
import { run as runLasso } from '../lasso/run.js';

export const PREDICTION_TOOLS_A: readonly Tool[] = [{ definition: lasso, run: runLasso }];
