// Visual tools of group B. One line per tool.
import type { Tool } from '../tool.js';
import { definition as histogram } from './histogram/definition.js';
import { run as runHistogram } from './histogram/run.js';
import { definition as density } from './density/definition.js';
import { run as runDensity } from './density/run.js';
import { definition as ridgeline } from './ridgeline/definition.js';
import { run as runRidgeline } from './ridgeline/run.js';
import { definition as barMeans } from './bar-means/definition.js';
import { run as runBarMeans } from './bar-means/run.js';
import { definition as violin } from './violin/definition.js';
import { run as runViolin } from './violin/run.js';

export const VISUAL_TOOLS_B: readonly Tool[] = [
  { definition: histogram, run: runHistogram },
  { definition: density, run: runDensity },
  { definition: violin, run: runViolin },
  { definition: ridgeline, run: runRidgeline },
  { definition: barMeans, run: runBarMeans },
];
