// How many of the header's entries fit on one line, the rule antd's horizontal menu (rc-overflow)
// followed before the header dropped it: all of them when they fit, otherwise as many as fit
// beside the "…" entry that holds the rest.

/**
 * The number of leading entries to show.
 * @param widths each entry's width in px, in order
 * @param available the width of the line
 * @param restWidth the width of the "…" entry shown when some do not fit
 */
export function visibleCount(widths: readonly number[], available: number, restWidth: number): number {
  const total = widths.reduce((a, w) => a + w, 0);
  if (total <= available) return widths.length;
  let used = restWidth;
  let n = 0;
  while (n < widths.length && used + widths[n]! <= available) used += widths[n++]!;
  return n;
}
