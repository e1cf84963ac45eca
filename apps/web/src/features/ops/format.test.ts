import { describe, expect, it } from 'vitest';
import { durationText, formatBytes, formatSeconds, parseMobiles, prettyJson, yuan } from './format';

describe('ops display helpers', () => {
  it('shows yuan with two decimals', () => {
    expect(yuan(19.9)).toBe('19.90');
    expect(yuan(0.1 + 0.2)).toBe('0.30');
  });
  it('shows sizes and waiting times', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
    expect(formatSeconds(42.4)).toBe('42秒');
    expect(formatSeconds(125)).toBe('2分5秒');
    expect(formatSeconds(3 * 3600 + 60)).toBe('3小时1分');
  });
  it('names lifetime durations', () => {
    expect(durationText(null)).toBe('永久');
    expect(durationText(30)).toBe('30天');
  });
  it('splits pasted phone lists and drops repeats', () => {
    expect(parseMobiles('13900000001\n13900000002, 13900000001；13900000003 ')).toEqual(['13900000001', '13900000002', '13900000003']);
    expect(parseMobiles('  ')).toEqual([]);
  });
});

describe('audit states', () => {
  it('indents JSON and keeps other text', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json <b>')).toBe('not json <b>');
    expect(prettyJson(null)).toBe('（无）');
  });
});
