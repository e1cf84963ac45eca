// Processing methods: cleaning and deriving variables. One line per method.
import type { ProcessingMethod } from '../method.js';

export const CLEANING_METHODS: readonly ProcessingMethod[] = [];
