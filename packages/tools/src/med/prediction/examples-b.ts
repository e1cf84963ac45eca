// Example files of the prediction tools in group B. One entry per file in src/examples/.
import type { ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_B: readonly ExampleFile[] = [];
