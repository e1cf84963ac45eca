// The interpreter's explainers for the visual tools of group D, under their tool keys.
import type { Explanation, ReportFacts } from '../explanation.js';

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {};
