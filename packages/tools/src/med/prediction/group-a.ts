// Clinical prediction and causal-inference tools (issue 22), group A. One line per tool.
import type { Tool } from '../../tool.js';

export const PREDICTION_TOOLS_A: readonly Tool[] = [];
