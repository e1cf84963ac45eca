// Advanced tools (issue 23, /high-tool), group C. One line per tool.
import type { Tool } from '../tool.js';

export const ADVANCED_TOOLS_C: readonly Tool[] = [];
