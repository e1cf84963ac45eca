// Rules of operator-written content, shared by the forms and their previews.

// Where content may link: an http(s) address or a path inside the site ("/vip"), nothing else
// (no javascript:, data: or protocol-relative "//host").
export function isSafeLink(v: string): boolean {
  const s = v.trim();
  if (s === '') return false;
  if (s.startsWith('/')) return !s.startsWith('//') && !/[\s\\]/.test(s);
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A slide background: a colour or gradient only — no url(), no second declaration smuggled in. */
export function isPlainBackground(v: string): boolean {
  const s = v.trim();
  return s === '' || (/^[#(),.%\sA-Za-z0-9-]+$/.test(s) && !/url\s*\(/i.test(s));
}

/** Update-news items: one per non-empty line. */
export const newsLines = (text: string): string[] => text.split('\n').map((l) => l.trim()).filter(Boolean);
