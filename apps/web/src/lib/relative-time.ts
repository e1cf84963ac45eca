// Relative-time labels of spec 02 §9, the one helper every screen uses to show when something
// happened: 刚刚, N分钟前, N小时前, 1天前, then a date.
//
// Times the server sends as "YYYY-MM-DD HH:mm:ss" carry no zone and are Beijing time (contracts),
// so they are read as UTC+8, and dates are written in Beijing time too: a date on screen is the
// same as the one the server stored, whatever zone the browser is in.

const BEIJING_OFFSET_MS = 8 * 3600_000;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Default date format (spec 02 §9: year-month-day hour:minute:second). */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** A day without the time, for things that happen on a date rather than at a moment (update news). */
export const DATE_ONLY_FORMAT = 'YYYY-MM-DD';

const SERVER_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Milliseconds since the epoch of a time given as a Date, a timestamp (10 digits are seconds,
 * anything else milliseconds, as a number or a string of digits) or a server time string
 * ("YYYY-MM-DD[ HH:mm[:ss]]", Beijing time). Other strings go to Date.parse. NaN when unreadable.
 */
export function toEpochMs(time: Date | number | string): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'number') return String(Math.trunc(Math.abs(time))).length === 10 ? time * 1000 : time;
  const s = time.trim();
  if (/^\d+$/.test(s)) return toEpochMs(Number(s));
  const m = SERVER_TIME.exec(s);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)) - BEIJING_OFFSET_MS;
  }
  return Date.parse(s);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Writes `ms` in Beijing time with the tokens YYYY MM DD HH mm ss. */
export function formatDate(time: Date | number | string, format: string = DEFAULT_DATE_FORMAT): string {
  const ms = toEpochMs(time);
  if (Number.isNaN(ms)) return typeof time === 'string' ? time : '';
  const d = new Date(ms + BEIJING_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    MM: pad(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t]!);
}

/**
 * The spec's label for `time` seen at `now`: under 30 s 刚刚; under an hour N分钟前; under a day
 * N小时前; under two days 1天前; otherwise the date in `format`. N counts whole units passed (90 s
 * is 1分钟前), and at least 1. A time in the future (a clock ahead of ours) counts as 刚刚. An
 * unreadable string is returned as it is.
 */
export function relativeTime(time: Date | number | string, now: number = Date.now(), format: string = DEFAULT_DATE_FORMAT): string {
  const ms = toEpochMs(time);
  if (Number.isNaN(ms)) return typeof time === 'string' ? time : '';
  const diff = now - ms;
  if (diff < 30 * SECOND) return '刚刚';
  if (diff < HOUR) return `${Math.max(1, Math.floor(diff / MINUTE))}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return formatDate(ms, format);
}
