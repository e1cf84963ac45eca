// AI interpretation over real HTTP (issue 17): the built-in interpreter and OpenAI-compatible models
// (a local fake API: streamed chunks, an error mid-stream, a slow start, a stall, HTTP 500, a cut
// connection), SSE framing as spec 01 §7, grounding marks, history, ownership, quota and limits.
import type { AddressInfo } from 'node:net';
import { BUILTIN_MODEL, type DialogueEvent } from '@labstat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { fakeProviders, startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

let t: TestApp;
let fake: FakeOpenAi;
let base: string;
let alice: string;
let bob: string;
let reportid: string;
let taskid: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestApp({
    AI_PROVIDERS: fakeProviders(fake.url),
    AI_TIMEOUT_S: '1',
    AI_IDLE_TIMEOUT_S: '1',
    AI_DAILY_FREE: '3',
    AI_PER_MINUTE: '40',
    AI_BUILTIN_PIECE_MS: '0',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = (await register(t, '13800000071')).token;
  bob = (await register(t, '13800000072')).token;
  // Alice is a member (a larger daily quota); the free quota is tested with another user.
  await t.db.kysely.updateTable('users').set({ vip_life: 1 }).where('mobile', '=', '13800000071').execute();
  const fid = await exampleFidOf(t, alice, 1003);
  const r = await t.call('POST', '/anatools/v2', { body: submitBody(fid, ttest), token: alice });
  expect(r.body.code).toBe(200);
  reportid = r.body.data.reportid;
  taskid = r.body.data.taskid;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Streamed {
  status: number;
  contentType: string;
  lines: string[];
  events: DialogueEvent[];
  text: string;
  final: DialogueEvent | undefined;
  envelope?: { code: number; msg: string };
}

async function ask(token: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Streamed> {
  const res = await fetch(`${base}/ai/v2/report/dialogue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Csrftoken': token },
    body: JSON.stringify({ reportid, attachments: [], ...body }),
    signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  const raw = await res.text();
  if (!contentType.startsWith('text/event-stream')) {
    return { status: res.status, contentType, lines: [], events: [], text: '', final: undefined, envelope: JSON.parse(raw) as { code: number; msg: string } };
  }
  const lines = raw.split('\n').filter((l) => l !== '');
  const events = lines.filter((l) => l !== 'data: [DONE]').map((l) => JSON.parse(l.slice(6)) as DialogueEvent);
  return { status: res.status, contentType, lines, events, text: events.map((e) => e.delta ?? '').join(''), final: events.find((e) => e.marks !== undefined) };
}

const history = async (token: string, id = taskid) => t.call('GET', `/ai/v2/history?taskId=${id}`, { token });

describe('models and question templates', () => {
  it('lists the built-in interpreter first, then the configured models, without their keys or URLs', async () => {
    const r = await t.call('GET', '/ai/v2/apiType');
    expect(r.body.code).toBe(200);
    expect(r.body.data[0]).toEqual({ name: BUILTIN_MODEL, avatar: '/static/ai/labstat.svg' });
    expect(r.body.data.map((m: { name: string }) => m.name)).toContain('Fake-ok');
    const raw = JSON.stringify(r.body);
    expect(raw).not.toContain('sk-test');
    expect(raw).not.toContain('127.0.0.1');
  });

  it("serves each tool's question templates and says when a tool does not exist", async () => {
    const r = await t.call('GET', '/ai/v2/question?toolid=1003');
    expect(r.body.data.questions.length).toBeGreaterThanOrEqual(5);
    expect(r.body.data.questions[0]).toEqual({ title: expect.any(String), content: expect.any(String) });
    expect((await t.call('GET', '/ai/v2/question?toolid=999999')).body).toMatchObject({ code: 404, msg: '工具不存在' });
    expect((await t.call('GET', '/ai/v2/question?toolid=abc')).body.code).toBe(400);
  });
});

describe('dialogue', () => {
  it('streams the built-in answer as data: lines ending with data: [DONE], grounded, and keeps it in the history', async () => {
    const r = await ask(alice, { message: '请解读这份报告', apiType: BUILTIN_MODEL });
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('text/event-stream; charset=utf-8');
    for (const l of r.lines) expect(l.startsWith('data: ')).toBe(true);
    expect(r.lines.at(-1)).toBe('data: [DONE]');
    expect(r.events.filter((e) => e.delta).length).toBeGreaterThan(5);
    expect(r.text).toContain('2.383');
    expect(r.final).toEqual({ marks: [], model: BUILTIN_MODEL, incomplete: false });
    const h = await history(alice);
    expect(h.body.data.history.slice(-2)).toMatchObject([
      { role: 'user', content: '请解读这份报告', model: BUILTIN_MODEL, avatar: '/static/ai/user.svg' },
      { role: 'system', content: r.text, model: BUILTIN_MODEL, marks: [], incomplete: false, avatar: '/static/ai/labstat.svg' },
    ]);
  });

  it('sends an external model the report as context with the key, and marks the number it invented', async () => {
    const r = await ask(alice, { message: '结果说明了什么？', apiType: 'Fake-ok' });
    expect(r.text).toBe(fake.answer.join(''));
    expect(r.final).toEqual({ marks: ['0.77'], model: 'Fake-ok', incomplete: false });
    const req = fake.requests.at(-1)!;
    expect(req.authorization).toBe('Bearer sk-test-secret-key');
    expect(req.body.stream).toBe(true);
    const system = req.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('不得编造');
    expect(system.content).toContain('独立样本t检验');
    expect(system.content).toContain('2.383');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: '结果说明了什么？' });
    // Earlier turns of the chat come along.
    expect(req.body.messages.some((m) => m.role === 'user' && m.content === '请解读这份报告')).toBe(true);
    const last = (await history(alice)).body.data.history.at(-1);
    expect(last).toMatchObject({ role: 'system', model: 'Fake-ok', marks: ['0.77'], incomplete: false, avatar: '/static/ai/model.svg' });
  });

  it('ends the stream cleanly on an error mid-stream, an HTTP 500, a cut connection, a slow start and a stall', async () => {
    for (const [model, partial] of [
      ['Fake-error-mid', '部分回答，t = 2.383'],
      ['Fake-http500', ''],
      ['Fake-cut', '回答到一半'],
      ['Fake-slow', ''],
      ['Fake-stall', '开始回答'],
    ] as const) {
      const r = await ask(alice, { message: `测试 ${model}`, apiType: model });
      expect(r.status, model).toBe(200);
      expect(r.lines.at(-1), model).toBe('data: [DONE]');
      expect(r.text, model).toBe(partial);
      expect(r.final, model).toMatchObject({ incomplete: true, model });
      const last = (await history(alice)).body.data.history.at(-1);
      expect(last, model).toMatchObject({ role: 'system', content: partial, incomplete: true });
    }
    // The slow and stalled calls were abandoned, not left open.
    await new Promise((r) => setTimeout(r, 300));
    const slow = fake.requests.filter((r) => r.body.model === 'slow' || r.body.model === 'stall');
    expect(slow.every((r) => r.closedEarly)).toBe(true);
  }, 30_000);

  it('aborts the upstream call when the client goes away, and keeps what had arrived', async () => {
    const ac = new AbortController();
    const before = fake.requests.length;
    setTimeout(() => ac.abort(), 400);
    await expect(ask(alice, { message: '请详细解读', apiType: 'Fake-trickle' }, ac.signal)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.closedEarly).toBe(true);
    const last = (await history(alice)).body.data.history.at(-1);
    expect(last).toMatchObject({ role: 'system', model: 'Fake-trickle', incomplete: true });
    expect(last.content).toContain('第0段。');
  });
});

describe('report page', () => {
  it("links the owner's standalone report page to the chat, and not a shared one", async () => {
    const page = await t.app.inject({ method: 'GET', url: `/reports/${reportid}`, headers: { 'x-csrftoken': alice } });
    expect(page.body).toContain(`href="/#/tool/detail?toolId=1003&amp;taskId=${taskid}&amp;ai=1"`);
    const share = await t.call('POST', `/reports/${reportid}/share`, { token: alice });
    const visitor = await t.app.inject({ method: 'GET', url: share.body.data.path });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('report-ai');
  });
});

describe('refusals', () => {
  it('validates the question, the model and the login before streaming', async () => {
    expect((await ask(alice, { message: '   ', apiType: BUILTIN_MODEL })).envelope).toMatchObject({ code: 400, msg: '请输入问题' });
    expect((await ask(alice, { message: 'x'.repeat(2001), apiType: BUILTIN_MODEL })).envelope).toMatchObject({ code: 400, msg: '问题不能超过 2000 字' });
    expect((await ask(alice, { message: '你好', apiType: 'GPT-9' })).envelope).toMatchObject({ code: 400, msg: '所选模型不可用，请重新选择模型' });
    const anon = await fetch(`${base}/ai/v2/report/dialogue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: '你好', apiType: BUILTIN_MODEL, reportid }) });
    expect(anon.status).toBe(401);
  });

  it("lets only the report's owner ask about it or read its history", async () => {
    expect((await ask(bob, { message: '你好', apiType: BUILTIN_MODEL })).envelope?.code).toBe(404);
    expect((await history(bob)).body.code).toBe(404);
    expect((await ask(bob, { message: '你好', apiType: BUILTIN_MODEL, attachments: ['nosuchfile'] })).envelope?.code).toBe(404);
  });

  it('holds the daily quota for external models under simultaneous questions, and the built-in stays open', async () => {
    const carol = (await register(t, '13800000073')).token;
    const fid = await exampleFidOf(t, carol, 1003);
    const sub = await t.call('POST', '/anatools/v2', { body: submitBody(fid, ttest), token: carol });
    const own = { reportid: sub.body.data.reportid as string };
    // A failed call gives its question back to the quota.
    expect((await ask(carol, { ...own, message: '失败的调用', apiType: 'Fake-http500' })).final?.incomplete).toBe(true);
    const all = await Promise.all([1, 2, 3, 4, 5].map((i) => ask(carol, { ...own, message: `问题${i}`, apiType: 'Fake-ok' })));
    const refused = all.filter((r) => r.envelope);
    expect(all.filter((r) => r.status === 200 && r.lines.at(-1) === 'data: [DONE]').length).toBe(3);
    expect(refused.length).toBe(2);
    expect(refused[0]!.status).toBe(429);
    expect(refused[0]!.envelope!.msg).toBe('今日 AI 解读次数已用完（免费用户每日 3 次），请明天再来；内置的“LabStat 解读”不受此限制');
    expect((await ask(carol, { ...own, message: '请解读', apiType: BUILTIN_MODEL })).final?.incomplete).toBe(false);
    // Refused questions are not kept; the next Beijing day opens the quota again.
    const h = (await history(carol, sub.body.data.taskid)).body.data.history;
    expect(h.filter((m: { role: string }) => m.role === 'user').length).toBe(5);
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await ask(carol, { ...own, message: '第二天', apiType: 'Fake-ok' })).final?.incomplete).toBe(false);
  });

  it('refuses a question over the per-minute limit (AI_PER_MINUTE = 40) for that user only, and opens again a minute later', async () => {
    const erin = (await register(t, '13800000075')).token;
    const fid = await exampleFidOf(t, erin, 1003);
    const sub = await t.call('POST', '/anatools/v2', { body: submitBody(fid, ttest), token: erin });
    const own = { reportid: sub.body.data.reportid as string };
    // The test clock stands still, so all of these fall in one minute. The built-in model has no
    // daily quota, so only the rate limit can refuse.
    for (let i = 1; i <= 40; i++) {
      const r = await ask(erin, { ...own, message: `问题${i}`, apiType: BUILTIN_MODEL });
      expect(r.envelope, `question ${i}`).toBeUndefined();
      expect(r.lines.at(-1), `question ${i}`).toBe('data: [DONE]');
    }
    const refused = await ask(erin, { ...own, message: '第41个问题', apiType: BUILTIN_MODEL });
    expect(refused.status).toBe(429);
    expect(refused.envelope).toMatchObject({ code: 429, msg: '提问过于频繁，请稍后再试' });
    // The refused question is not kept, and the limit is per user: Alice still gets an answer.
    const h = (await history(erin, sub.body.data.taskid)).body.data.history as Array<{ role: string; content: string }>;
    expect(h.filter((m) => m.role === 'user').length).toBe(40);
    expect(h.some((m) => m.content === '第41个问题')).toBe(false);
    expect((await ask(alice, { message: '还能提问吗？', apiType: BUILTIN_MODEL })).final?.incomplete).toBe(false);
    // Still refused just inside the minute, answered once it has passed.
    t.clock.advance(59_000);
    expect((await ask(erin, { ...own, message: '再问一次', apiType: BUILTIN_MODEL })).envelope?.msg).toBe('提问过于频繁，请稍后再试');
    t.clock.advance(1_001);
    expect((await ask(erin, { ...own, message: '一分钟后', apiType: BUILTIN_MODEL })).final?.incomplete).toBe(false);
  }, 60_000);

  it('deleting the task deletes its chat', async () => {
    const dave = (await register(t, '13800000074')).token;
    const fid = await exampleFidOf(t, dave, 1003);
    const sub = await t.call('POST', '/anatools/v2', { body: submitBody(fid, ttest), token: dave });
    await ask(dave, { reportid: sub.body.data.reportid, message: '请解读', apiType: BUILTIN_MODEL });
    expect((await history(dave, sub.body.data.taskid)).body.data.history.length).toBe(2);
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${sub.body.data.taskid}`, { token: dave })).body.code).toBe(200);
    expect((await history(dave, sub.body.data.taskid)).body.code).toBe(404);
    const left = await t.db.kysely.selectFrom('ai_messages').select('id').where('taskid', '=', sub.body.data.taskid).execute();
    expect(left).toEqual([]);
  });
});
