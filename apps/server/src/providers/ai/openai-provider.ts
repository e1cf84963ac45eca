// Any OpenAI-compatible chat API (DeepSeek, Kimi/Moonshot, OpenAI, Qwen, GLM…): POST
// {baseUrl}/chat/completions with stream: true, read as server-sent events. The key stays here; a
// slow or failing upstream, and the client going away, end the call (the fetch is aborted).
import type { AiProvider, ChatRequest } from './ai-provider.js';
import { AiUpstreamError } from './ai-provider.js';

export interface OpenAiProviderSettings {
  name: string;
  baseUrl: string;
  apiKey: string;
  model: string;
  avatar: string;
  /** Waiting for the answer to start (ms). */
  firstByteTimeoutMs: number;
  /** Silence between two pieces of the answer (ms). */
  idleTimeoutMs: number;
  /** Longest reply kept (characters); the rest is cut and the reply marked incomplete. */
  maxChars: number;
  temperature: number;
}

/** Reads `data:` lines of an SSE body; yields each payload (without the prefix). */
async function* sseData(body: ReadableStream<Uint8Array>, idleMs: number, onIdle: () => void): AsyncIterable<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const timer = setTimeout(onIdle, idleMs);
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } finally {
        clearTimeout(timer);
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('data:')) yield line.slice(5).trimStart();
      }
    }
    buffer += decoder.decode();
    if (buffer.startsWith('data:')) yield buffer.slice(5).trimStart();
  } finally {
    reader.releaseLock();
  }
}

interface ChunkJson {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  error?: { message?: string };
}

export class OpenAiCompatibleProvider implements AiProvider {
  readonly external = true;

  constructor(private readonly s: OpenAiProviderSettings) {}

  get name(): string {
    return this.s.name;
  }

  get avatar(): string {
    return this.s.avatar;
  }

  async *stream(req: ChatRequest, signal: AbortSignal): AsyncIterable<string> {
    const local = new AbortController();
    let why = '';
    const stop = (reason: string) => {
      if (!local.signal.aborted) {
        why = reason;
        local.abort();
      }
    };
    const onOuter = () => stop('');
    signal.addEventListener('abort', onOuter, { once: true });
    const firstByte = setTimeout(() => stop(`${this.s.name} 响应超时`), this.s.firstByteTimeoutMs);
    try {
      let res: Response;
      try {
        res = await fetch(`${this.s.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${this.s.apiKey}` },
          body: JSON.stringify({ model: this.s.model, messages: req.turns, stream: true, temperature: this.s.temperature }),
          signal: local.signal,
        });
      } catch {
        if (signal.aborted) return;
        throw new AiUpstreamError(why || `无法连接 ${this.s.name}`);
      } finally {
        clearTimeout(firstByte);
      }
      if (!res.ok || !res.body) {
        // The body may say why (quota, key); it goes to the log, never to the user.
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new AiUpstreamError(`${this.s.name} 返回错误（HTTP ${res.status}）${detail ? `：${detail}` : ''}`);
      }
      let total = 0;
      let finished = false;
      try {
        for await (const data of sseData(res.body, this.s.idleTimeoutMs, () => stop(`${this.s.name} 响应中断（超时）`))) {
          if (data === '[DONE]') return;
          let json: ChunkJson;
          try {
            json = JSON.parse(data) as ChunkJson;
          } catch {
            continue;
          }
          if (json.error) throw new AiUpstreamError(`${this.s.name} 返回错误：${json.error.message ?? ''}`);
          if (json.choices?.[0]?.finish_reason) finished = true;
          const piece = json.choices?.[0]?.delta?.content;
          if (piece) {
            total += piece.length;
            if (total > this.s.maxChars) throw new AiUpstreamError(`${this.s.name} 的回答过长，已截断`);
            yield piece;
          }
        }
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof AiUpstreamError) throw err;
        throw new AiUpstreamError(why || `${this.s.name} 响应中断`);
      }
      if (why) throw new AiUpstreamError(why);
      // The body ended without [DONE] or a finish reason: the connection was cut.
      if (!finished) throw new AiUpstreamError(`${this.s.name} 响应中断`);
    } finally {
      clearTimeout(firstByte);
      signal.removeEventListener('abort', onOuter);
      // Whatever ended the reply, the upstream call ends with it.
      local.abort();
    }
  }
}
