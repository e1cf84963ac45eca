// Example files of the visual tools in group C. One entry per file in src/examples/.
import type { ExampleFile } from '../example-file.js';

export const VISUAL_EXAMPLES_C: readonly ExampleFile[] = [];
