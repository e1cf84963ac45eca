// Advanced tools (issue 23, /high-tool), group Y2. One line per tool.
import type { Tool } from '../tool.js';
import { definition as mixedModel } from './mixed-model/definition.js';
import { run as runMixedModel } from './mixed-model/run.js';

export const ADVANCED_TOOLS_Y2: readonly Tool[] = [{ definition: mixedModel, run: runMixedModel }];
