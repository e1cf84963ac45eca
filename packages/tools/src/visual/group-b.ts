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
import { definition as barGrouped } from './bar-grouped/definition.js';
import { run as runBarGrouped } from './bar-grouped/run.js';
import { definition as lineErrorbar } from './line-errorbar/definition.js';
import { run as runLineErrorbar } from './line-errorbar/run.js';
import { definition as pie } from './pie/definition.js';
import { run as runPie } from './pie/run.js';
import { definition as qqPp } from './qq-pp/definition.js';
import { run as runQqPp } from './qq-pp/run.js';
import { definition as dotErrorbar } from './dot-errorbar/definition.js';
import { run as runDotErrorbar } from './dot-errorbar/run.js';

export const VISUAL_TOOLS_B: readonly Tool[] = [
  { definition: histogram, run: runHistogram },
  { definition: density, run: runDensity },
  { definition: violin, run: runViolin },
  { definition: ridgeline, run: runRidgeline },
  { definition: barMeans, run: runBarMeans },
  { definition: barGrouped, run: runBarGrouped },
  { definition: lineErrorbar, run: runLineErrorbar },
  { definition: pie, run: runPie },
  { definition: qqPp, run: runQqPp },
  { definition: dotErrorbar, run: runDotErrorbar },
];
