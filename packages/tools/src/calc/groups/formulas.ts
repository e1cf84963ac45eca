// Calculation tools: converters and clinical formulas. One line per tool.
import type { CalcTool } from '../calc-tool.js';

export const FORMULA_TOOLS: readonly CalcTool[] = [];
