// Visual tools of group D. One line per tool.
import type { Tool } from '../tool.js';

export const VISUAL_TOOLS_D: readonly Tool[] = [];
