// Visual tools of group C. One line per tool.
import type { Tool } from '../tool.js';

export const VISUAL_TOOLS_C: readonly Tool[] = [];
