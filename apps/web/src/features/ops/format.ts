// Display helpers of the console: money in yuan, sizes, waiting times, membership durations.

export const yuan = (v: number): string => (Math.round(v * 100) / 100).toFixed(2);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v >= 100 ? 0 : 1)} ${units[i]}`;
}

export function formatSeconds(s: number): string {
  const v = Math.max(0, Math.round(s));
  if (v < 60) return `${v}秒`;
  if (v < 3600) return `${Math.floor(v / 60)}分${v % 60 ? `${v % 60}秒` : ''}`;
  const h = Math.floor(v / 3600);
  const m = Math.floor((v % 3600) / 60);
  return `${h}小时${m ? `${m}分` : ''}`;
}

/** null days: lifetime. */
export const durationText = (days: number | null): string => (days === null ? '永久' : `${days}天`);

export const TIER_TEXT: Record<'vip' | 'svip', string> = { vip: '标准会员', svip: '高级会员' };

/** Phone numbers from pasted text: one per line, or separated by commas, semicolons or spaces. */
export function parseMobiles(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；、]+/).map((m) => m.trim()).filter(Boolean))];
}

/** An audit state (JSON text) indented for reading; text that is not JSON as it is. */
export function prettyJson(text: string | null): string {
  if (text === null || text === '') return '（无）';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
