// Visual tools of group D. One line per tool.
import type { Tool } from '../tool.js';
import { definition as forest } from './forest/definition.js';
import { run as runForest } from './forest/run.js';
import { definition as waterfall } from './waterfall/definition.js';
import { run as runWaterfall } from './waterfall/run.js';
import { definition as swimmer } from './swimmer/definition.js';
import { run as runSwimmer } from './swimmer/run.js';
import { definition as dumbbell } from './dumbbell/definition.js';
import { run as runDumbbell } from './dumbbell/run.js';
import { definition as lollipop } from './lollipop/definition.js';
import { run as runLollipop } from './lollipop/run.js';
import { definition as sankey } from './sankey/definition.js';
import { run as runSankey } from './sankey/run.js';
import { definition as mosaic } from './mosaic/definition.js';
import { run as runMosaic } from './mosaic/run.js';

export const VISUAL_TOOLS_D: readonly Tool[] = [
  { definition: forest, run: runForest },
  { definition: waterfall, run: runWaterfall },
  { definition: swimmer, run: runSwimmer },
  { definition: dumbbell, run: runDumbbell },
  { definition: lollipop, run: runLollipop },
  { definition: sankey, run: runSankey },
  { definition: mosaic, run: runMosaic },
];
