// Clinical prediction and causal-inference tools (issue 22), group F. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as competingRisks } from '../competing-risks/definition.js';
import { run as runCompetingRisks } from '../competing-risks/run.js';

export const PREDICTION_TOOLS_F: readonly Tool[] = [{ definition: competingRisks, run: runCompetingRisks }];
