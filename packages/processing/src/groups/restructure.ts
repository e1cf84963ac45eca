// Processing methods: rows, files and shape. One line per method.
import type { ProcessingMethod } from '../method.js';
import { method as sortRows } from '../sort-rows/method.js';

export const RESTRUCTURE_METHODS: readonly ProcessingMethod[] = [
  sortRows,
];
