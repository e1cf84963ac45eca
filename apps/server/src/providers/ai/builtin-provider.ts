// The built-in interpreter as a provider: always listed, works offline, answers from the report's
// own numbers (packages/tools interpret). Streamed in small pieces like any model.
import { BUILTIN_MODEL } from '@labstat/contracts';
import { interpret } from '@labstat/tools';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AiProvider, ChatRequest } from './ai-provider.js';

export class BuiltinProvider implements AiProvider {
  readonly name = BUILTIN_MODEL;
  readonly avatar = '/static/ai/labstat.svg';
  readonly external = false;

  /** `pieceDelayMs`: pause between pieces, so the answer reads as it arrives (0 in tests that want speed). */
  constructor(private readonly pieceDelayMs = 12) {}

  async *stream(req: ChatRequest, signal: AbortSignal): AsyncIterable<string> {
    const text = interpret(req.report, req.question);
    // Pieces end at line breaks or after a few characters, never inside a surrogate pair.
    const chars = Array.from(text);
    for (let i = 0; i < chars.length && !signal.aborted; ) {
      let j = Math.min(chars.length, i + 16);
      const nl = chars.slice(i, j).indexOf('\n');
      if (nl >= 0) j = i + nl + 1;
      yield chars.slice(i, j).join('');
      i = j;
      if (this.pieceDelayMs > 0) await sleep(this.pieceDelayMs, undefined, { signal }).catch(() => undefined);
    }
  }
}
