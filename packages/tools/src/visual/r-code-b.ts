// R scripts (可复现R代码) of the visual tools in group B, under their tool keys: the lines that
// draw the same figure and compute its numbers from the user's file `d`.
import type { Params } from '../tool.js';

export const VISUAL_R_B: Record<string, (p: Params) => string[]> = {};
