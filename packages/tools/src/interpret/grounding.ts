// The grounding check (issue 17, DESIGN §8): which numbers in a text the report does not contain.
// A number is grounded when the report prints it, or when it is a value of the report (its
// `results` or a table cell) rounded to the decimals the text shows, as a plain number or a
// percentage. Everything else is marked for the reader to check.
import { calculatorTable, isConventionalNumber, numberTokens, type Report } from '@labstat/contracts';

interface Evidence {
  literals: Set<string>;
  values: number[];
}

const normalise = (t: string): string => t.replace(/−/g, '-').replace(/^\+/, '').replace(/,/g, '');

function reportTexts(report: Report): string[] {
  const out: string[] = [report.title];
  for (const v of Object.values(report.parameters)) out.push(Array.isArray(v) ? v.join(' ') : String(v ?? ''));
  for (const s of report.sections) {
    out.push(s.title);
    for (const b of s.blocks) {
      if (b.type === 'text') out.push(b.markdown);
      else if (b.type === 'table') out.push(b.title, ...b.columns, ...b.rows.flat().map((c) => String(c ?? '')), ...b.footnotes);
      else if (b.type === 'code') out.push(b.code);
      else if (b.type === 'calculator') {
        const t = calculatorTable(b.model);
        out.push(b.title, ...t.rows.flat().map(String), ...t.footnotes);
      }
      else out.push(b.title);
    }
  }
  for (const [k, v] of Object.entries(report.results)) out.push(k, String(v ?? ''));
  return out;
}

const cache = new WeakMap<Report, Evidence>();

function evidence(report: Report): Evidence {
  const hit = cache.get(report);
  if (hit) return hit;
  const literals = new Set<string>();
  const values: number[] = [];
  for (const t of reportTexts(report)) {
    for (const tok of numberTokens(t)) {
      const n = normalise(tok.text);
      literals.add(n);
      literals.add(n.replace(/^-/, ''));
      const v = Number(n.replace(/%$/, ''));
      if (Number.isFinite(v)) values.push(n.endsWith('%') ? v / 100 : v, v);
    }
  }
  for (const v of Object.values(report.results)) if (typeof v === 'number' && Number.isFinite(v)) values.push(v);
  for (const s of report.sections)
    for (const b of s.blocks) if (b.type === 'table') for (const c of b.rows.flat()) if (typeof c === 'number' && Number.isFinite(c)) values.push(c);
  const ev = { literals, values };
  cache.set(report, ev);
  return ev;
}

/** Does some report value, rounded as the token is written, give the token's value? */
function matchesValue(token: string, values: readonly number[]): boolean {
  const percent = token.endsWith('%');
  const body = token.replace(/%$/, '');
  const v = Math.abs(Number(body));
  if (!Number.isFinite(v)) return false;
  const exp = /[eE]([-+]?\d+)$/.exec(body);
  if (exp) {
    // Scientific notation: agree to the significant digits written.
    const mantissa = body.slice(0, exp.index).replace(/^-/, '');
    const digits = mantissa.replace('.', '').replace(/^0+/, '').length;
    const tol = 0.5 * 10 ** -(Math.max(digits, 1) - 1) * 10 ** Math.floor(Math.log10(v || 1));
    return values.some((x) => Math.abs(Math.abs(x) - v) <= tol * 1.0000001);
  }
  const decimals = body.includes('.') ? body.length - body.indexOf('.') - 1 : 0;
  const close = (x: number, d: number, target: number) => Math.abs(Math.abs(x) - target) <= 0.5 * 10 ** -d + 1e-12 * Math.max(1, target);
  for (const x of values) {
    if (close(x, decimals, v)) return true;
    // 63.4% for 0.634, with or without the sign written.
    if (close(x * 100, decimals, v) && (percent || decimals > 0 || v > 1)) return true;
  }
  return false;
}

/** Tokens of `text` (as written, each once) that the report neither prints nor computes. */
export function ungroundedNumbers(text: string, report: Report): string[] {
  const ev = evidence(report);
  const out = new Set<string>();
  for (const { text: raw } of numberTokens(text)) {
    if (isConventionalNumber(raw)) continue;
    const t = normalise(raw);
    if (ev.literals.has(t) || ev.literals.has(t.replace(/^-/, ''))) continue;
    if (matchesValue(t, ev.values)) continue;
    out.add(raw);
  }
  return [...out];
}
