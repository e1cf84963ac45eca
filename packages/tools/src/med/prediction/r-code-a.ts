// R scripts (可复现R代码) of the prediction tools in group A, under their tool keys.
import type { Params } from '../../tool.js';

export const PREDICTION_R_A: Record<string, (p: Params) => string[]> = {};
