// Example files of the advanced tools in group D. One entry per file in src/examples/.
import type { ExampleFile } from '../example-file.js';

export const ADVANCED_EXAMPLES_D: readonly ExampleFile[] = [];
