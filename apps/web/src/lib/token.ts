// The login token lives in cookie Custom-Token (spec 01 §3) and is sent in header X-Csrftoken.
import Cookies from 'js-cookie';

const TOKEN_COOKIE = 'Custom-Token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax', expires: 7 });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
