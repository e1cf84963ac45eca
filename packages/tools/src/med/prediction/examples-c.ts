// Example files of the prediction tools in group C. One entry per file in src/examples/.
// The nomogram and validation tools use group A's prediction-model example.
import type { ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_C: readonly ExampleFile[] = [];
