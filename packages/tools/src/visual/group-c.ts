// Visual tools of group C. One line per tool.
import type { Tool } from '../tool.js';
import { definition as heatmap } from './heatmap/definition.js';
import { run as runHeatmap } from './heatmap/run.js';
import { definition as correlationHeatmap } from './correlation-heatmap/definition.js';
import { run as runCorrelationHeatmap } from './correlation-heatmap/run.js';
import { definition as volcano } from './volcano/definition.js';
import { run as runVolcano } from './volcano/run.js';
import { definition as vennUpset } from './venn-upset/definition.js';
import { run as runVennUpset } from './venn-upset/run.js';
import { definition as radar } from './radar/definition.js';
import { run as runRadar } from './radar/run.js';
import { definition as bubble } from './bubble/definition.js';
import { run as runBubble } from './bubble/run.js';
import { definition as scatterMatrix } from './scatter-matrix/definition.js';
import { run as runScatterMatrix } from './scatter-matrix/run.js';

export const VISUAL_TOOLS_C: readonly Tool[] = [
  { definition: heatmap, run: runHeatmap },
  { definition: correlationHeatmap, run: runCorrelationHeatmap },
  { definition: volcano, run: runVolcano },
  { definition: vennUpset, run: runVennUpset },
  { definition: radar, run: runRadar },
  { definition: bubble, run: runBubble },
  { definition: scatterMatrix, run: runScatterMatrix },
];
