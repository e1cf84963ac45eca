// Advanced tools (issue 23, /high-tool), group X2. One line per tool.
import type { Tool } from '../tool.js';
import { definition as correspondence } from './correspondence/definition.js';
import { run as runCorrespondence } from './correspondence/run.js';
import { definition as multipleResponse } from './multiple-response/definition.js';
import { run as runMultipleResponse } from './multiple-response/run.js';

export const ADVANCED_TOOLS_X2: readonly Tool[] = [
  { definition: correspondence, run: runCorrespondence },
  { definition: multipleResponse, run: runMultipleResponse },
];
