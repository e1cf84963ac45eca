// The phone rule of spec 01 §1: phones are refused everywhere but the home page.
const PHONE_UA = /Android|iPhone|iPod|webOS|BlackBerry|IEMobile|Opera Mini/i;

export const PHONE_REFUSAL_MESSAGE = '本网站仅支持iPad和PC浏览器访问，请使用iPad或电脑打开';

/** True when the user agent belongs to a phone as the spec lists them (iPad is allowed). */
export function isPhoneUserAgent(userAgent: string): boolean {
  return PHONE_UA.test(userAgent);
}

/** True when a path (hash route) may be opened on a phone: only the home page. */
export function isPathAllowedOnPhone(path: string): boolean {
  return path === '/' || path === '';
}
