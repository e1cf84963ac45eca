// R scripts (可复现R代码) of the advanced tools in group B, under their tool keys.
import type { Params } from '../tool.js';

export const ADVANCED_R_B: Record<string, (p: Params) => string[]> = {};
