import { describe, expect, it } from 'vitest';
import { sseParser } from './sse';

describe('sseParser', () => {
  it('yields data payloads across chunk boundaries, with or without CR', () => {
    const got: string[] = [];
    const p = sseParser((d) => got.push(d));
    p.push('data: {"delta":"a');
    p.push('b"}\n\ndata: {"delta":"c"}\r\n');
    p.push('\n: comment\ndata: [DONE]');
    p.end();
    expect(got).toEqual(['{"delta":"ab"}', '{"delta":"c"}', '[DONE]']);
  });
});
