// Calculation tools: converters and clinical formulas. One line per tool.
import { definition as bmiBsa } from '../bmi-bsa/definition.js';
import { run as runBmiBsa } from '../bmi-bsa/run.js';
import type { CalcTool } from '../calc-tool.js';
import { definition as correctedCalcium } from '../corrected-calcium/definition.js';
import { run as runCorrectedCalcium } from '../corrected-calcium/run.js';
import { definition as creatinineClearance } from '../creatinine-clearance/definition.js';
import { run as runCreatinineClearance } from '../creatinine-clearance/run.js';
import { definition as effectSizeConvert } from '../effect-size-convert/definition.js';
import { run as runEffectSizeConvert } from '../effect-size-convert/run.js';
import { definition as egfr } from '../egfr/definition.js';
import { run as runEgfr } from '../egfr/run.js';
import { definition as meanSdFromMedian } from '../mean-sd-from-median/definition.js';
import { run as runMeanSdFromMedian } from '../mean-sd-from-median/run.js';
import { definition as pFromStatistic } from '../p-from-statistic/definition.js';
import { run as runPFromStatistic } from '../p-from-statistic/run.js';
import { definition as qtc } from '../qtc/definition.js';
import { run as runQtc } from '../qtc/run.js';

export const FORMULA_TOOLS: readonly CalcTool[] = [
  { definition: pFromStatistic, run: runPFromStatistic },
  { definition: effectSizeConvert, run: runEffectSizeConvert },
  { definition: meanSdFromMedian, run: runMeanSdFromMedian },
  { definition: bmiBsa, run: runBmiBsa },
  { definition: egfr, run: runEgfr },
  { definition: creatinineClearance, run: runCreatinineClearance },
  { definition: correctedCalcium, run: runCorrectedCalcium },
  { definition: qtc, run: runQtc },
];
