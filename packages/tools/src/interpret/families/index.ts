// Every family's explainers under their tool keys. A tool without an entry falls back to the
// generic explainer; the interpreter's test requires an entry for every tool in the registry.
import type { Explanation, ReportFacts } from '../explanation.js';
import { EXPLAINERS as agreement } from './agreement.js';
import { EXPLAINERS as categorical } from './categorical.js';
import { EXPLAINERS as comparison } from './comparison.js';
import { EXPLAINERS as correlation } from './correlation.js';
import { EXPLAINERS as descriptive } from './descriptive.js';
import { EXPLAINERS as diagnostic } from './diagnostic.js';
import { EXPLAINERS as meta } from './meta.js';
import { EXPLAINERS as multigroup } from './multigroup.js';
import { EXPLAINERS as regression } from './regression.js';
import { EXPLAINERS as survival } from './survival.js';
import { EXPLAINERS as figuresB } from './figures-b.js';
import { EXPLAINERS as figuresC } from './figures-c.js';
import { EXPLAINERS as figuresD } from './figures-d.js';
import { EXPLAINERS as advancedA } from './advanced-a.js';
import { EXPLAINERS as advancedB } from './advanced-b.js';
import { EXPLAINERS as advancedC } from './advanced-c.js';
import { EXPLAINERS as advancedD } from './advanced-d.js';
import { EXPLAINERS as advancedE } from './advanced-e.js';
import { EXPLAINERS as advancedX1 } from './advanced-x1.js';
import { EXPLAINERS as advancedX2 } from './advanced-x2.js';
import { EXPLAINERS as advancedY1 } from './advanced-y1.js';
import { EXPLAINERS as advancedY2 } from './advanced-y2.js';
import { EXPLAINERS as predictionA } from './prediction-a.js';
import { EXPLAINERS as predictionB } from './prediction-b.js';
import { EXPLAINERS as predictionC } from './prediction-c.js';
import { EXPLAINERS as predictionD } from './prediction-d.js';
import { EXPLAINERS as predictionE } from './prediction-e.js';
import { EXPLAINERS as predictionF } from './prediction-f.js';
import { EXPLAINERS as predictionG } from './prediction-g.js';

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  ...comparison,
  ...multigroup,
  ...categorical,
  ...correlation,
  ...descriptive,
  ...regression,
  ...survival,
  ...diagnostic,
  ...agreement,
  ...meta,
  ...figuresB,
  ...figuresC,
  ...figuresD,
  ...predictionA,
  ...predictionB,
  ...predictionC,
  ...predictionD,
  ...predictionE,
  ...predictionF,
  ...predictionG,
  ...advancedA,
  ...advancedB,
  ...advancedC,
  ...advancedD,
  ...advancedE,
  ...advancedX1,
  ...advancedX2,
  ...advancedY1,
  ...advancedY2,
};
