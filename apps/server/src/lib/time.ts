// Time formatting for users in China: "YYYY-MM-DD HH:mm:ss" in Beijing time (UTC+8, no DST).
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export function formatBeijing(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** Epoch ms of the last Beijing midnight at or before `ms` (daily quotas reset then). */
export function beijingDayStart(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}
