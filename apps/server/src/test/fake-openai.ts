// A local OpenAI-compatible chat API for tests (real HTTP on loopback, streamed chunks). The
// requested `model` picks the behaviour: a normal answer, an error mid-stream, a slow start, a stall
// after the first piece, an HTTP 500, a cut connection, or an endless trickle.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  authorization: string;
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
  /** Set when the client closed the connection before the fake finished. */
  closedEarly: boolean;
}

export interface FakeOpenAi {
  url: string;
  requests: FakeRequest[];
  /** The answer `ok` streams, in pieces. */
  answer: string[];
  close(): Promise<void>;
}

const chunk = (content: string) => `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  const fake: FakeOpenAi = { url: '', requests, answer: ['根据报告，', 't = 2.383，', 'P = 0.019，', '差异有统计学意义。', '效应量约为 0.77。'], close: async () => undefined };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        const entry: FakeRequest = { authorization: String(req.headers.authorization ?? ''), body: JSON.parse(raw) as FakeRequest['body'], closedEarly: false };
        requests.push(entry);
        let done = false;
        res.on('close', () => {
          if (!done) entry.closedEarly = true;
        });
        const mode = entry.body.model;
        if (mode === 'http500') {
          res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"internal"}}');
          done = true;
          return;
        }
        if (mode === 'slow') await sleep(3000);
        if (res.destroyed) return;
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        if (mode === 'ok') {
          for (const piece of fake.answer) {
            res.write(chunk(piece));
            await sleep(5);
          }
          res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
          res.write('data: [DONE]\n\n');
        } else if (mode === 'error-mid') {
          res.write(chunk('部分回答，'));
          res.write(chunk('t = 2.383'));
          await sleep(5);
          res.write(`data: ${JSON.stringify({ error: { message: 'Rate limit reached' } })}\n\n`);
        } else if (mode === 'stall') {
          res.write(chunk('开始回答'));
          await sleep(3000);
        } else if (mode === 'cut') {
          res.write(chunk('回答到一半'));
          await sleep(5);
          res.destroy();
          return;
        } else if (mode === 'trickle') {
          for (let i = 0; i < 600 && !res.destroyed; i++) {
            res.write(chunk(`第${i}段。`));
            await sleep(50);
          }
        }
        done = true;
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** AI_PROVIDERS for the fake: one provider per behaviour, named Fake-<model>. */
export function fakeProviders(url: string): string {
  return JSON.stringify(
    ['ok', 'error-mid', 'slow', 'stall', 'http500', 'cut', 'trickle'].map((m) => ({ name: `Fake-${m}`, baseUrl: url, apiKey: 'sk-test-secret-key', model: m })),
  );
}
