// The one list of tools. Adding a tool is adding its folder and a line here.
import { StatsError } from '@labstat/stats';
import { definition as descriptive } from './med/descriptive/definition.js';
import { run as runDescriptive } from './med/descriptive/run.js';
import { definition as ttestIndependent } from './med/ttest-independent/definition.js';
import { run as runTtestIndependent } from './med/ttest-independent/run.js';
import { definition as ttestPaired } from './med/ttest-paired/definition.js';
import { run as runTtestPaired } from './med/ttest-paired/run.js';
import { definition as anovaOneway } from './med/anova-oneway/definition.js';
import { run as runAnovaOneway } from './med/anova-oneway/run.js';
import { definition as chisq } from './med/chisq/definition.js';
import { run as runChisq } from './med/chisq/run.js';
import { definition as mannWhitney } from './med/mann-whitney/definition.js';
import { run as runMannWhitney } from './med/mann-whitney/run.js';
import { definition as kruskalWallis } from './med/kruskal-wallis/definition.js';
import { run as runKruskalWallis } from './med/kruskal-wallis/run.js';
import { definition as correlation } from './med/correlation/definition.js';
import { run as runCorrelation } from './med/correlation/run.js';
import { definition as linearRegression } from './med/linear-regression/definition.js';
import { run as runLinearRegression } from './med/linear-regression/run.js';
import { definition as normality } from './med/normality/definition.js';
import { run as runNormality } from './med/normality/run.js';
import { definition as rocCurve } from './med/roc-curve/definition.js';
import { run as runRocCurve } from './med/roc-curve/run.js';
import { definition as diagnosticTest } from './med/diagnostic-test/definition.js';
import { run as runDiagnosticTest } from './med/diagnostic-test/run.js';
import { definition as baselineTable } from './med/baseline-table/definition.js';
import { run as runBaselineTable } from './med/baseline-table/run.js';
import { definition as kaplanMeier } from './med/kaplan-meier/definition.js';
import { run as runKaplanMeier } from './med/kaplan-meier/run.js';
import { definition as coxRegression } from './med/cox-regression/definition.js';
import { run as runCoxRegression } from './med/cox-regression/run.js';
import { definition as logisticRegression } from './med/logistic-regression/definition.js';
import { run as runLogisticRegression } from './med/logistic-regression/run.js';
import { definition as multinomialLogistic } from './med/multinomial-logistic/definition.js';
import { run as runMultinomialLogistic } from './med/multinomial-logistic/run.js';
import { definition as ordinalLogistic } from './med/ordinal-logistic/definition.js';
import { run as runOrdinalLogistic } from './med/ordinal-logistic/run.js';
import { definition as countRegression } from './med/count-regression/definition.js';
import { run as runCountRegression } from './med/count-regression/run.js';
import { definition as mcnemar } from './med/mcnemar/definition.js';
import { run as runMcnemar } from './med/mcnemar/run.js';
import { definition as cmh } from './med/cmh/definition.js';
import { run as runCmh } from './med/cmh/run.js';
import { definition as trendChisq } from './med/trend-chisq/definition.js';
import { run as runTrendChisq } from './med/trend-chisq/run.js';
import { definition as kappa } from './med/kappa/definition.js';
import { run as runKappa } from './med/kappa/run.js';
import { definition as icc } from './med/icc/definition.js';
import { run as runIcc } from './med/icc/run.js';
import { definition as blandAltman } from './med/bland-altman/definition.js';
import { run as runBlandAltman } from './med/bland-altman/run.js';
import { definition as wilcoxonSignedRank } from './med/wilcoxon-signed-rank/definition.js';
import { run as runWilcoxonSignedRank } from './med/wilcoxon-signed-rank/run.js';
import { definition as oneSample } from './med/one-sample/definition.js';
import { run as runOneSample } from './med/one-sample/run.js';
import { definition as friedman } from './med/friedman/definition.js';
import { run as runFriedman } from './med/friedman/run.js';
import { definition as ksTwoSample } from './med/ks-two-sample/definition.js';
import { run as runKsTwoSample } from './med/ks-two-sample/run.js';
import { definition as metaBinary } from './med/meta-binary/definition.js';
import { run as runMetaBinary } from './med/meta-binary/run.js';
import { definition as metaContinuous } from './med/meta-continuous/definition.js';
import { run as runMetaContinuous } from './med/meta-continuous/run.js';
import { definition as boxplot } from './visual/boxplot/definition.js';
import { run as runBoxplot } from './visual/boxplot/run.js';
import { definition as scatter } from './visual/scatter/definition.js';
import { run as runScatter } from './visual/scatter/run.js';
import { definition as flowTwoGroups } from './small_process/flow-two-groups/definition.js';
import { run as runFlowTwoGroups } from './small_process/flow-two-groups/run.js';
import { definition as flowMultiGroups } from './small_process/flow-multi-groups/definition.js';
import { run as runFlowMultiGroups } from './small_process/flow-multi-groups/run.js';
import { definition as flowPaired } from './small_process/flow-paired/definition.js';
import { run as runFlowPaired } from './small_process/flow-paired/run.js';
import { definition as flowCategorical } from './small_process/flow-categorical/definition.js';
import { run as runFlowCategorical } from './small_process/flow-categorical/run.js';
import { definition as flowCorrelation } from './small_process/flow-correlation/definition.js';
import { run as runFlowCorrelation } from './small_process/flow-correlation/run.js';
import { definition as factorialAnova } from './med/factorial-anova/definition.js';
import { run as runFactorialAnova } from './med/factorial-anova/run.js';
import { definition as repeatedAnova } from './med/repeated-anova/definition.js';
import { run as runRepeatedAnova } from './med/repeated-anova/run.js';
import { ToolInputError, type DataTable, type Params, type Tool, type ToolOutput } from './tool.js';
import { VISUAL_TOOLS_B } from './visual/group-b.js';
import { VISUAL_TOOLS_C } from './visual/group-c.js';
import { VISUAL_TOOLS_D } from './visual/group-d.js';
import { ADVANCED_TOOLS_A } from './advanced/group-a.js';
import { ADVANCED_TOOLS_B } from './advanced/group-b.js';
import { ADVANCED_TOOLS_C } from './advanced/group-c.js';
import { ADVANCED_TOOLS_D } from './advanced/group-d.js';
import { ADVANCED_TOOLS_E } from './advanced/group-e.js';
import { ADVANCED_TOOLS_X1 } from './advanced/group-x1.js';
import { ADVANCED_TOOLS_X2 } from './advanced/group-x2.js';
import { ADVANCED_TOOLS_Y1 } from './advanced/group-y1.js';
import { ADVANCED_TOOLS_Y2 } from './advanced/group-y2.js';
import { PREDICTION_TOOLS_A } from './med/prediction/group-a.js';
import { PREDICTION_TOOLS_B } from './med/prediction/group-b.js';
import { PREDICTION_TOOLS_C } from './med/prediction/group-c.js';
import { PREDICTION_TOOLS_D } from './med/prediction/group-d.js';
import { PREDICTION_TOOLS_E } from './med/prediction/group-e.js';
import { PREDICTION_TOOLS_F } from './med/prediction/group-f.js';
import { PREDICTION_TOOLS_G } from './med/prediction/group-g.js';

export const TOOLS: readonly Tool[] = [
  { definition: descriptive, run: runDescriptive },
  { definition: normality, run: runNormality },
  { definition: ttestIndependent, run: runTtestIndependent },
  { definition: ttestPaired, run: runTtestPaired },
  { definition: anovaOneway, run: runAnovaOneway },
  { definition: chisq, run: runChisq },
  { definition: mannWhitney, run: runMannWhitney },
  { definition: kruskalWallis, run: runKruskalWallis },
  { definition: correlation, run: runCorrelation },
  { definition: linearRegression, run: runLinearRegression },
  { definition: rocCurve, run: runRocCurve },
  { definition: diagnosticTest, run: runDiagnosticTest },
  { definition: baselineTable, run: runBaselineTable },
  { definition: kaplanMeier, run: runKaplanMeier },
  { definition: coxRegression, run: runCoxRegression },
  { definition: logisticRegression, run: runLogisticRegression },
  { definition: multinomialLogistic, run: runMultinomialLogistic },
  { definition: ordinalLogistic, run: runOrdinalLogistic },
  { definition: countRegression, run: runCountRegression },
  { definition: mcnemar, run: runMcnemar },
  { definition: cmh, run: runCmh },
  { definition: trendChisq, run: runTrendChisq },
  { definition: kappa, run: runKappa },
  { definition: icc, run: runIcc },
  { definition: blandAltman, run: runBlandAltman },
  { definition: wilcoxonSignedRank, run: runWilcoxonSignedRank },
  { definition: oneSample, run: runOneSample },
  { definition: friedman, run: runFriedman },
  { definition: ksTwoSample, run: runKsTwoSample },
  { definition: repeatedAnova, run: runRepeatedAnova },
  { definition: factorialAnova, run: runFactorialAnova },
  { definition: metaBinary, run: runMetaBinary },
  { definition: metaContinuous, run: runMetaContinuous },
  ...PREDICTION_TOOLS_A,
  ...PREDICTION_TOOLS_B,
  ...PREDICTION_TOOLS_C,
  ...PREDICTION_TOOLS_D,
  ...PREDICTION_TOOLS_E,
  ...PREDICTION_TOOLS_F,
  ...PREDICTION_TOOLS_G,
  { definition: boxplot, run: runBoxplot },
  { definition: scatter, run: runScatter },
  ...VISUAL_TOOLS_B,
  ...VISUAL_TOOLS_C,
  ...VISUAL_TOOLS_D,
  { definition: flowTwoGroups, run: runFlowTwoGroups },
  { definition: flowMultiGroups, run: runFlowMultiGroups },
  { definition: flowPaired, run: runFlowPaired },
  { definition: flowCategorical, run: runFlowCategorical },
  { definition: flowCorrelation, run: runFlowCorrelation },
  ...ADVANCED_TOOLS_A,
  ...ADVANCED_TOOLS_B,
  ...ADVANCED_TOOLS_C,
  ...ADVANCED_TOOLS_D,
  ...ADVANCED_TOOLS_E,
  ...ADVANCED_TOOLS_X1,
  ...ADVANCED_TOOLS_X2,
  ...ADVANCED_TOOLS_Y1,
  ...ADVANCED_TOOLS_Y2,
];

export function toolById(id: number): Tool | undefined {
  return TOOLS.find((t) => t.definition.id === id);
}

/** Runs a tool; whatever the data cannot support (the engine's typed errors) becomes a ToolInputError. */
export function runTool(tool: Tool, table: DataTable, params: Params): ToolOutput {
  try {
    return tool.run(table, params);
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
}
