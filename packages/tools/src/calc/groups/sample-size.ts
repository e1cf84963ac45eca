// Calculation tools: sample size and power. One line per tool.
import type { CalcTool } from '../calc-tool.js';
import { definition as powerTwoMeans } from '../power-two-means/definition.js';
import { run as runPowerTwoMeans } from '../power-two-means/run.js';
import { definition as powerTwoProportions } from '../power-two-proportions/definition.js';
import { run as runPowerTwoProportions } from '../power-two-proportions/run.js';
import { definition as powerAnova } from '../power-anova/definition.js';
import { run as runPowerAnova } from '../power-anova/run.js';
import { definition as powerCorrelation } from '../power-correlation/definition.js';
import { run as runPowerCorrelation } from '../power-correlation/run.js';
import { definition as powerChisq } from '../power-chisq/definition.js';
import { run as runPowerChisq } from '../power-chisq/run.js';
import { definition as powerLogrank } from '../power-logrank/definition.js';
import { run as runPowerLogrank } from '../power-logrank/run.js';
import { definition as powerDiagnostic } from '../power-diagnostic/definition.js';
import { run as runPowerDiagnostic } from '../power-diagnostic/run.js';
import { definition as powerMarginMeans } from '../power-margin-means/definition.js';
import { run as runPowerMarginMeans } from '../power-margin-means/run.js';
import { definition as powerMarginProportions } from '../power-margin-proportions/definition.js';
import { run as runPowerMarginProportions } from '../power-margin-proportions/run.js';

export const SAMPLE_SIZE_TOOLS: readonly CalcTool[] = [
  { definition: powerTwoMeans, run: runPowerTwoMeans },
  { definition: powerTwoProportions, run: runPowerTwoProportions },
  { definition: powerAnova, run: runPowerAnova },
  { definition: powerCorrelation, run: runPowerCorrelation },
  { definition: powerChisq, run: runPowerChisq },
  { definition: powerLogrank, run: runPowerLogrank },
  { definition: powerDiagnostic, run: runPowerDiagnostic },
  { definition: powerMarginMeans, run: runPowerMarginMeans },
  { definition: powerMarginProportions, run: runPowerMarginProportions },
];
