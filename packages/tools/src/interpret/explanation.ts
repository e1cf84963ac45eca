// What a family interpreter says about a report, and the helpers it reads the report with. Every
// number an interpreter writes comes from the report (its `results` or its tables) through these
// helpers, so the grounding check holds by construction.
import type { Report, ReportBlock } from '@labstat/contracts';
import { escapeMarkdown, formatP } from '../report-helpers.js';

export interface Explanation {
  /** What was tested, on which variables, and why this method suits the data (1–3 sentences). */
  method: string;
  /** One line per headline number: the number and what it means in plain words. */
  numbers: string[];
  /** The conclusion in plain language. */
  conclusion: string;
  /** Assumption checks and their consequences; empty when there is nothing to warn about. */
  caveats: string[];
  /** A paragraph for a paper's results section, in the wording Chinese journals use. */
  paper: string;
  /** Sensible next analyses or checks. */
  next: string[];
  /** How to read a non-significant result here (or, when the result is significant, what it does not prove). */
  nonsignificant: string;
  /** What the effect size means in practice; omitted where the analysis has none. */
  effect?: string;
}

/** A table cell as the report stores it. */
export type Cell = string | number | null;
type Row = Cell[];
export type TableBlock = Extract<ReportBlock, { type: 'table' }>;

/** Read-only access to a report for interpreters. */
export class ReportFacts {
  constructor(readonly report: Report) {}

  get key(): string {
    return this.report.tool.key;
  }

  /** A number from `results`, or null when absent or not a finite number. */
  num(key: string): number | null {
    const v = this.report.results[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }

  /** A string from `results` (escaped for markdown: it may hold the user's names). */
  str(key: string): string | null {
    const v = this.report.results[key];
    return typeof v === 'string' && v !== '' ? escapeMarkdown(v) : null;
  }

  /** Raw `results` keys starting with a prefix, e.g. `p.` → [['p.年龄', 0.03], …]. */
  prefixed(prefix: string): Array<[string, number]> {
    return Object.entries(this.report.results)
      .filter((e): e is [string, number] => e[0].startsWith(prefix) && typeof e[1] === 'number' && Number.isFinite(e[1]))
      .map(([k, v]) => [k.slice(prefix.length), v]);
  }

  /** A parameter's value as text (escaped), '' when unset. */
  param(key: string): string {
    const v = this.report.parameters[key];
    if (v === null || v === undefined) return '';
    return escapeMarkdown(Array.isArray(v) ? v.join('、') : String(v));
  }

  /** The first table whose title starts with `prefix` (e.g. "表1"). */
  tableStartingWith(prefix: string): TableBlock | undefined {
    return this.tables().find((t) => t.title.startsWith(prefix));
  }

  /** The first table whose title contains `part`. */
  table(part: string): TableBlock | undefined {
    return this.tables().find((t) => t.title.includes(part));
  }

  tables(): TableBlock[] {
    return this.report.sections.flatMap((s) => s.blocks.filter((b): b is TableBlock => b.type === 'table'));
  }

  /** The rows of a table, cells as the report prints them. */
  rows(part: string): Row[] {
    return this.table(part)?.rows ?? [];
  }

  /** The report's own conclusion paragraphs (section 结论 or the last text block), markdown as written. */
  conclusionText(): string {
    const sec = this.report.sections.find((s) => s.title.includes('结论')) ?? this.report.sections.findLast((s) => s.blocks.some((b) => b.type === 'text'));
    return (sec?.blocks ?? [])
      .filter((b): b is Extract<ReportBlock, { type: 'text' }> => b.type === 'text')
      .map((b) => b.markdown)
      .join('\n\n');
  }

  /** Footnotes of every table (warnings the tool wrote, excluded counts…). */
  footnotes(): string[] {
    return this.tables().flatMap((t) => t.footnotes);
  }
}

/** A number as the report would print it: `digits` decimals, trailing zeros kept. */
export function fmt(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return x.toFixed(digits);
}

/** "P = 0.019" or "P < 0.001", as journals print it. */
export function pText(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return 'P 不可用';
  const s = formatP(p);
  return s.startsWith('<') ? `P < 0.001` : `P = ${s}`;
}

/** Significant at the 0.05 level. */
export const significant = (p: number | null | undefined): boolean => p !== null && p !== undefined && Number.isFinite(p) && p < 0.05;

/** A CI as "（95%CI a ~ b）" at `level` percent; '' when a bound is missing. */
export function ciText(lower: number | null, upper: number | null, digits = 3, level: number | string = 95): string {
  return lower === null || upper === null ? '' : `（${level}%CI ${fmt(lower, digits)} ~ ${fmt(upper, digits)}）`;
}

/** "95%CI 0.938 ~ 0.996" without brackets; an absent upper end (infinite) is written ∞, an absent lower end 0. */
export function ciPart(lo: number | null, hi: number | null, pct: string, digits = 3): string {
  if (lo === null && hi === null) return '';
  return `${pct}CI ${lo === null ? '0' : fmt(lo, digits)} ~ ${hi === null ? '∞' : fmt(hi, digits)}`;
}

/** A proportion as a percentage with one decimal (0.634 → "63.4%"); '—' when absent. */
export const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

/** "（95%CI 46.9% ~ 77.9%）" for a proportion's interval at `level` percent; '' when a bound is missing. */
export function pctCiText(lower: number | null, upper: number | null, level: number | string = 95): string {
  return lower === null || upper === null ? '' : `（${level}%CI ${pct(lower)} ~ ${pct(upper)}）`;
}

/** The confidence level the report was run at: its `level` parameter, 0.95 when unset or outside (0, 1). */
export function confidenceLevel(f: ReportFacts): number {
  const v = f.report.parameters.level;
  return typeof v === 'number' && v > 0 && v < 1 ? v : 0.95;
}

/** The confidence level as a percentage for text, without the sign, as reports print it: "95", "97.5". */
export function levelText(f: ReportFacts): string {
  return String(Math.round(confidenceLevel(f) * 1000) / 10);
}

/** A numeric table cell, or null. */
export const cellNum = (c: Cell | undefined): number | null => (typeof c === 'number' && Number.isFinite(c) ? c : null);

/** A table cell as printed, safe for markdown ('—' when empty). */
export const cellText = (c: Cell | undefined): string => (c === null || c === undefined || c === '' ? '—' : typeof c === 'number' ? String(c) : name(c));

/** A P value from a table cell as the report prints it ('0.054'; '<0.001' reads as 0), for comparisons only; null when the cell holds none. */
export function cellP(c: Cell | undefined): number | null {
  if (typeof c === 'number') return Number.isFinite(c) ? c : null;
  if (typeof c !== 'string') return null;
  const s = c.trim();
  if (s.startsWith('<')) return 0;
  const v = Number(s);
  return s !== '' && Number.isFinite(v) ? v : null;
}

/** A user-supplied name, safe inside markdown. */
export const name = (s: string): string => escapeMarkdown(s);
