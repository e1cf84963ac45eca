// Calculation tools: from counts and from summary statistics. One line per tool.
import { definition as anovaSummary } from '../anova-summary/definition.js';
import { run as runAnovaSummary } from '../anova-summary/run.js';
import type { CalcTool } from '../calc-tool.js';
import { definition as chisqRxc } from '../chisq-rxc/definition.js';
import { run as runChisqRxc } from '../chisq-rxc/run.js';
import { definition as compareCorrelations } from '../compare-correlations/definition.js';
import { run as runCompareCorrelations } from '../compare-correlations/run.js';
import { definition as diagnostic2x2 } from '../diagnostic-2x2/definition.js';
import { run as runDiagnostic2x2 } from '../diagnostic-2x2/run.js';
import { definition as effect2x2 } from '../effect-2x2/definition.js';
import { run as runEffect2x2 } from '../effect-2x2/run.js';
import { definition as kappaTable } from '../kappa-table/definition.js';
import { run as runKappaTable } from '../kappa-table/run.js';
import { definition as poissonRate } from '../poisson-rate/definition.js';
import { run as runPoissonRate } from '../poisson-rate/run.js';
import { definition as proportionCi } from '../proportion-ci/definition.js';
import { run as runProportionCi } from '../proportion-ci/run.js';
import { definition as ttestSummary } from '../ttest-summary/definition.js';
import { run as runTtestSummary } from '../ttest-summary/run.js';

export const FROM_COUNTS_TOOLS: readonly CalcTool[] = [
  { definition: diagnostic2x2, run: runDiagnostic2x2 },
  { definition: effect2x2, run: runEffect2x2 },
  { definition: chisqRxc, run: runChisqRxc },
  { definition: kappaTable, run: runKappaTable },
  { definition: proportionCi, run: runProportionCi },
  { definition: poissonRate, run: runPoissonRate },
  { definition: ttestSummary, run: runTtestSummary },
  { definition: anovaSummary, run: runAnovaSummary },
  { definition: compareCorrelations, run: runCompareCorrelations },
];
