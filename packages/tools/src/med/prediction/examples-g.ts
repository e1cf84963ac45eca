// Example files of the prediction tools in group G. One entry per file in src/examples/.
// The one-flow prediction model uses group A's prediction-model example.
import type { ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_G: readonly ExampleFile[] = [];
