// Clinical prediction and causal-inference tools (issue 22), group C. One line per tool.
import type { Tool } from '../../tool.js';

export const PREDICTION_TOOLS_C: readonly Tool[] = [];
