// Calculation tools: from counts and from summary statistics. One line per tool.
import type { CalcTool } from '../calc-tool.js';

export const FROM_COUNTS_TOOLS: readonly CalcTool[] = [];
