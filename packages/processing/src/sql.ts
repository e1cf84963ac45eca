// Building SQL from user text safely: every column name is a quoted identifier and every value a
// quoted literal, never spliced raw. Column names come from user files (any characters).

/** A quoted DuckDB identifier: "a""b". */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A quoted string literal: 'it''s'. */
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** A number literal (finite only). */
export function numLit(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  return Number.isInteger(x) ? String(x) : x.toPrecision(17);
}

/** A column as a number: text that is not a number becomes NULL (a text cell in a numeric column). */
export const asNumber = (name: string): string => `TRY_CAST(${ident(name)} AS DOUBLE)`;


/** Every column of the source except those named, quoted, in order, for a SELECT list. */
export function otherColumns(names: readonly string[], except: ReadonlySet<string>): string[] {
  return names.filter((n) => !except.has(n)).map(ident);
}
