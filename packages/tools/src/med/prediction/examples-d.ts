// Example files of the prediction tools in group D. One entry per file in src/examples/.
import type { ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_D: readonly ExampleFile[] = [];
