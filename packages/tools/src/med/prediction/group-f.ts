// Clinical prediction and causal-inference tools (issue 22), group F. One line per tool.
import type { Tool } from '../../tool.js';

export const PREDICTION_TOOLS_F: readonly Tool[] = [];
