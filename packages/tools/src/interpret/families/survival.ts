// Explainers of the survival family (issue 17): tool key → explainer.
import type { Explanation, ReportFacts } from '../explanation.js';

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {};
