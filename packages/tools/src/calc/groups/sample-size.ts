// Calculation tools: sample size and power. One line per tool.
import type { CalcTool } from '../calc-tool.js';
import { definition as powerTwoMeans } from '../power-two-means/definition.js';
import { run as runPowerTwoMeans } from '../power-two-means/run.js';

export const SAMPLE_SIZE_TOOLS: readonly CalcTool[] = [
  { definition: powerTwoMeans, run: runPowerTwoMeans },
];
