// Example files of the advanced tools in group C. One entry per file in src/examples/.
import type { ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_C: readonly ExampleFile[] = [];
