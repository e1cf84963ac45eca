// A chat model behind the AI interpretation (DESIGN §8). The built-in interpreter and every
// OpenAI-compatible API implement the same streaming interface.
import type { Report } from '@labstat/contracts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  /** The system prompt and context, earlier turns of the chat, then the question. */
  turns: ChatTurn[];
  report: Report;
  question: string;
}

export interface AiProvider {
  /** The name users pick (`apiType`). */
  readonly name: string;
  readonly avatar: string;
  /** Calls a service outside this server (counts toward the daily quota). */
  readonly external: boolean;
  /** The reply's text in pieces; ends at the reply's end, throws on failure, stops when `signal` aborts. */
  stream(req: ChatRequest, signal: AbortSignal): AsyncIterable<string>;
}

/** An upstream failure, with a Chinese sentence for the log and the incomplete reply. */
export class AiUpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiUpstreamError';
  }
}
