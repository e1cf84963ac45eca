// Clinical prediction and causal-inference tools (issue 22), group G. One line per tool.
import type { Tool } from '../../tool.js';
import { definition as predictionModelFlow } from '../prediction-model-flow/definition.js';
import { run as runPredictionModelFlow } from '../prediction-model-flow/run.js';

export const PREDICTION_TOOLS_G: readonly Tool[] = [{ definition: predictionModelFlow, run: runPredictionModelFlow }];
