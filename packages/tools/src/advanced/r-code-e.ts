// R scripts (可复现R代码) of the advanced tools in group E, under their tool keys.
import type { Params } from '../tool.js';

export const ADVANCED_R_E: Record<string, (p: Params) => string[]> = {};
