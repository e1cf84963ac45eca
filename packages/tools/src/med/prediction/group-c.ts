// Clinical prediction and causal-inference tools (issue 22), group C. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as nomogram } from '../nomogram/definition.js';
import { run as runNomogram } from '../nomogram/run.js';
import { definition as modelValidation } from '../model-validation/definition.js';
import { run as runModelValidation } from '../model-validation/run.js';

export const PREDICTION_TOOLS_C: readonly Tool[] = [
  { definition: nomogram, run: runNomogram },
  { definition: modelValidation, run: runModelValidation },
];
