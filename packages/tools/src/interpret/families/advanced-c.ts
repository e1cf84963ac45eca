// The interpreter's explainers for the advanced tools of group C (issue 23), under their tool keys.
import type { Explanation, ReportFacts } from '../explanation.js';

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {};
