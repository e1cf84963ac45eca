import { describe, expect, it } from 'vitest';
import { DATE_ONLY_FORMAT, formatDate, relativeTime, toEpochMs } from './relative-time';

// 2024-05-20 12:00:00 Beijing time.
const NOW = Date.UTC(2024, 4, 20, 4, 0, 0);
const ago = (ms: number) => NOW - ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime (spec 02 §9)', () => {
  it('under 30 s is 刚刚, 30 s is a minute', () => {
    expect(relativeTime(NOW, NOW)).toBe('刚刚');
    expect(relativeTime(ago(29_999), NOW)).toBe('刚刚');
    expect(relativeTime(ago(30 * S), NOW)).toBe('1分钟前');
  });

  it('minutes below one hour, counting whole minutes', () => {
    expect(relativeTime(ago(59 * S), NOW)).toBe('1分钟前');
    expect(relativeTime(ago(90 * S), NOW)).toBe('1分钟前');
    expect(relativeTime(ago(2 * M), NOW)).toBe('2分钟前');
    expect(relativeTime(ago(H - 1), NOW)).toBe('59分钟前');
  });

  it('hours from one hour to below one day', () => {
    expect(relativeTime(ago(H), NOW)).toBe('1小时前');
    expect(relativeTime(ago(2 * H - 1), NOW)).toBe('1小时前');
    expect(relativeTime(ago(D - 1), NOW)).toBe('23小时前');
  });

  it('1天前 from one day to below two days, then the date', () => {
    expect(relativeTime(ago(D), NOW)).toBe('1天前');
    expect(relativeTime(ago(2 * D - 1), NOW)).toBe('1天前');
    expect(relativeTime(ago(2 * D), NOW)).toBe('2024-05-18 12:00:00');
  });

  it('writes a date in a given format', () => {
    expect(relativeTime(ago(40 * D), NOW, 'YYYY-MM-DD')).toBe('2024-04-10');
    expect(relativeTime(ago(40 * D), NOW, 'MM月DD日 HH:mm')).toBe('04月10日 12:00');
  });

  it('reads a 10-digit timestamp as seconds, other lengths as milliseconds', () => {
    const secs = Math.floor(ago(5 * M) / 1000);
    expect(String(secs)).toHaveLength(10);
    expect(relativeTime(secs, NOW)).toBe('5分钟前');
    expect(relativeTime(String(secs), NOW)).toBe('5分钟前');
    expect(relativeTime(ago(5 * M), NOW)).toBe('5分钟前');
    expect(relativeTime(String(ago(3 * H)), NOW)).toBe('3小时前');
  });

  it('reads server times as Beijing time', () => {
    expect(relativeTime('2024-05-20 11:58:00', NOW)).toBe('2分钟前');
    expect(relativeTime('2024-05-19 11:00:00', NOW)).toBe('1天前');
    expect(relativeTime('2024-01-02 03:04:05', NOW)).toBe('2024-01-02 03:04:05');
    expect(toEpochMs('2024-05-20')).toBe(Date.UTC(2024, 4, 19, 16));
  });

  it('a future time is 刚刚; an unreadable one is shown as given', () => {
    expect(relativeTime(NOW + 5 * M, NOW)).toBe('刚刚');
    expect(relativeTime('不是时间', NOW)).toBe('不是时间');
    expect(relativeTime(new Date(ago(3 * D)), NOW)).toBe('2024-05-17 12:00:00');
  });
});

describe('formatDate', () => {
  it('writes Beijing time whatever the zone', () => {
    expect(formatDate(Date.UTC(2023, 11, 31, 16, 0, 1))).toBe('2024-01-01 00:00:01');
    expect(formatDate('2024-02-29 08:09:10', 'YYYY/MM/DD HH:mm:ss')).toBe('2024/02/29 08:09:10');
  });

  it('writes a day alone, turning at Beijing midnight', () => {
    expect(formatDate('2024-05-20', DATE_ONLY_FORMAT)).toBe('2024-05-20');
    expect(formatDate(Date.UTC(2024, 4, 19, 15, 59, 59), DATE_ONLY_FORMAT)).toBe('2024-05-19');
    expect(formatDate(Date.UTC(2024, 4, 19, 16, 0, 0), DATE_ONLY_FORMAT)).toBe('2024-05-20');
  });
});
