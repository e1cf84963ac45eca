// Visual tools of group B. One line per tool.
import type { Tool } from '../tool.js';

export const VISUAL_TOOLS_B: readonly Tool[] = [];
