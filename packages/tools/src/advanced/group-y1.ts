// Advanced tools (issue 23, /high-tool), group Y1. One line per tool.
import type { Tool } from '../tool.js';
import { definition as cfa } from './cfa/definition.js';
import { run as runCfa } from './cfa/run.js';

export const ADVANCED_TOOLS_Y1: readonly Tool[] = [{ definition: cfa, run: runCfa }];
