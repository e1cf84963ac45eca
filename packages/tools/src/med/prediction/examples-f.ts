// Example files of the prediction tools in group F. One entry per file in src/examples/.
import type { ExampleFile } from '../../example-file.js';

export const PREDICTION_EXAMPLES_F: readonly ExampleFile[] = [];
