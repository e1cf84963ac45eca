// Processing methods: rows, files and shape. One line per method.
import type { ProcessingMethod } from '../method.js';
import { method as sortRows } from '../sort-rows/method.js';
import { method as dedupe } from '../dedupe/method.js';
import { method as sampleRows } from '../sample-rows/method.js';
import { method as mergeFiles } from '../merge-files/method.js';
import { method as appendFiles } from '../append-files/method.js';
import { method as reshapeLong } from '../reshape-long/method.js';
import { method as reshapeWide } from '../reshape-wide/method.js';
import { method as splitByGroup } from '../split-by-group/method.js';
import { method as changeType } from '../change-type/method.js';
import { method as valueLabels } from '../value-labels/method.js';
import { method as dummy } from '../dummy/method.js';
import { method as dateParts } from '../date-parts/method.js';

export const RESTRUCTURE_METHODS: readonly ProcessingMethod[] = [
  sortRows,
  dedupe,
  sampleRows,
  mergeFiles,
  appendFiles,
  reshapeLong,
  reshapeWide,
  splitByGroup,
  changeType,
  valueLabels,
  dummy,
  dateParts,
];
