// R scripts (可复现R代码) of the advanced tools in group C, under their tool keys.
import type { Params } from '../tool.js';

export const ADVANCED_R_C: Record<string, (p: Params) => string[]> = {};
