// Advanced tools (issue 23, /high-tool), group D. One line per tool.
import type { Tool } from '../tool.js';
import { definition as mediation } from './mediation/definition.js';
import { run as runMediation } from './mediation/run.js';
import { definition as moderation } from './moderation/definition.js';
import { run as runModeration } from './moderation/run.js';

export const ADVANCED_TOOLS_D: readonly Tool[] = [
  { definition: mediation, run: runMediation },
  { definition: moderation, run: runModeration },
];
