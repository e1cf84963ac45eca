// A login link may carry the token before the hash (https://host/?token=abc#/) as well as in the
// hash query (#/?token=abc, handled by the home page). Both mean the same (spec 01 §2): save the
// token, go to the home page, reload.

/** The token in the query before the hash, and the address to load instead (home, no token). */
export function tokenBeforeHash(href: string): { token: string; next: string } | null {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  url.hash = '#/';
  return { token, next: url.toString() };
}
