// The promotion countdown 剩余促销时间 (spec 02 §2): the server gives the end in Beijing time.

/** "YYYY-MM-DD HH:mm:ss" Beijing time → epoch ms, or null when unreadable. */
export function parseBeijing(text: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 8, Number(mi), Number(s ?? 0));
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left until `end`, or null once it has passed. */
export function remaining(end: number, now: number): Remaining | null {
  const left = Math.floor((end - now) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

export const formatRemaining = (r: Remaining): string =>
  `${r.days}天${String(r.hours).padStart(2, '0')}时${String(r.minutes).padStart(2, '0')}分${String(r.seconds).padStart(2, '0')}秒`;
