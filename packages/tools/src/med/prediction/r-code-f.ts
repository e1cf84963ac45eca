// R scripts (可复现R代码) of the prediction tools in group F, under their tool keys.
import type { Params } from '../../tool.js';

export const PREDICTION_R_F: Record<string, (p: Params) => string[]> = {};
