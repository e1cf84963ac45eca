// Advanced tools (issue 23, /high-tool), group E. One line per tool.
import type { Tool } from '../tool.js';
import { definition as gee } from './gee/definition.js';
import { run as runGee } from './gee/run.js';

export const ADVANCED_TOOLS_E: readonly Tool[] = [{ definition: gee, run: runGee }];
