// Advanced tools (issue 23, /high-tool), group E. One line per tool.
import type { Tool } from '../tool.js';

export const ADVANCED_TOOLS_E: readonly Tool[] = [];
