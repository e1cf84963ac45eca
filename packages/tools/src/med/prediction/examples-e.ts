// Example files of the prediction tools in group E. One entry per file in src/examples/.
import type { ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_E: readonly ExampleFile[] = [];
