// Processing methods: cleaning and deriving variables. One line per method.
import type { ProcessingMethod } from '../method.js';
import { method as binning } from '../binning/method.js';
import { method as compute } from '../compute/method.js';
import { method as filterRows } from '../filter-rows/method.js';
import { method as missingValues } from '../missing-values/method.js';
import { method as outliers } from '../outliers/method.js';
import { method as recode } from '../recode/method.js';
import { method as transform } from '../transform/method.js';

export const CLEANING_METHODS: readonly ProcessingMethod[] = [
  missingValues,
  recode,
  binning,
  transform,
  compute,
  filterRows,
  outliers,
];
