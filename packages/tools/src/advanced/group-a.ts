// Advanced tools (issue 23, /high-tool), group A. One line per tool.
import type { Tool } from '../tool.js';

export const ADVANCED_TOOLS_A: readonly Tool[] = [];
