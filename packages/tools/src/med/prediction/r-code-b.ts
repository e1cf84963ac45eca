// R scripts (可复现R代码) of the prediction tools in group B, under their tool keys.
import type { Params } from '../../tool.js';

export const PREDICTION_R_B: Record<string, (p: Params) => string[]> = {};
