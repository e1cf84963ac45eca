// R scripts (可复现R代码) of the prediction tools in group D, under their tool keys.
import type { Params } from '../../tool.js';

export const PREDICTION_R_D: Record<string, (p: Params) => string[]> = {};
