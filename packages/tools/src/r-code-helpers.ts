// Small builders shared by the R scripts of every tool (r-code.ts and the visual groups' files):
// strings JSON-quoted (valid R), columns of the user's data `d` or the analysed rows `x`.
import type { Params } from './tool.js';

export const q = (s: unknown) => JSON.stringify(String(s ?? ''));
export const col = (name: unknown) => `d[[${q(name)}]]`;
/** A column of `x`, the analysed rows (after listwise deletion). */
export const xcol = (name: unknown) => `x[[${q(name)}]]`;
export const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
export const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
export const alt = (p: Params) => q(['greater', 'less'].includes(String(p.alternative)) ? p.alternative : 'two.sided');
export const level = (p: Params) => num(p.level, 0.95);
export const yg = (p: Params) => `x <- data.frame(y = ${col(p.y)}, g = factor(${col(p.group)}))`;
