// R scripts (可复现R代码) of the advanced tools in group D, under their tool keys.
import type { Params } from '../tool.js';

export const ADVANCED_R_D: Record<string, (p: Params) => string[]> = {};
