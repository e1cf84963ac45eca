// POST /ai/v2/report/dialogue (spec 01 §7): sent with the CSRF header, answered as `data: {…}`
// lines ending with `data: [DONE]`. A refusal before the stream (quota, owner, model) comes back
// as the usual envelope and is shown like any API error; a failure mid-stream just ends (§8).
import { AiPaths, type DialogueBody, type DialogueEvent, type Envelope } from '@labstat/contracts';
import { acceptEnvelope, ApiError } from '../api-client';
import { session } from '../session-store';
import { sseParser } from './sse';

const BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** Streams one answer; resolves when [DONE] arrives or the stream ends, however it ends. */
export async function streamDialogue(body: DialogueBody, onEvent: (e: DialogueEvent) => void, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  const token = session.get().token;
  if (token) headers['X-Csrftoken'] = token;
  let res: Response;
  try {
    res = await fetch(BASE + AiPaths.dialogue, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch {
    return;
  }
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    let env: Envelope<unknown>;
    try {
      env = (await res.json()) as Envelope<unknown>;
    } catch {
      throw new ApiError(res.status, `服务器响应异常（HTTP ${res.status}）`);
    }
    acceptEnvelope(env);
    return;
  }
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let done = false;
  const parser = sseParser((data) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    try {
      onEvent(JSON.parse(data) as DialogueEvent);
    } catch {
      // A malformed line is skipped; the reply goes on.
    }
  });
  try {
    while (!done) {
      const { value, done: end } = await reader.read();
      if (end) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.end();
  } catch {
    // Stopped or cut: the loading state just ends.
  } finally {
    reader.releaseLock();
  }
}
