// The promotion countdown 剩余促销时间 (spec 02 §2): the server gives the end in Beijing time, read
// by the one time helper (lib/relative-time).
import { toEpochMs } from '../../lib/relative-time';

/** The promotion's end as epoch ms, or null when there is none or it is unreadable. */
export function promotionEnd(text: string | null | undefined): number | null {
  if (!text) return null;
  const ms = toEpochMs(text);
  return Number.isNaN(ms) ? null : ms;
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
