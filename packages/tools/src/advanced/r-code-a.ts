// R scripts (可复现R代码) of the advanced tools in group A, under their tool keys.
import type { Params } from '../tool.js';

export const ADVANCED_R_A: Record<string, (p: Params) => string[]> = {};
