import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_CHARS, FeedbackMessages } from '@labstat/contracts';
import { main, openFeedbackCli, runCommand, type FeedbackCli } from '../cli/feedback-cli.js';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { FEEDBACKS_PER_HOUR } from '../services/feedback-service.js';

let t: TestApp;
let cli: FeedbackCli;
let alice: string;
let bob: string;
const OWN_IMAGE = '/uploads/files/clutter/0b8e6a4c-1f2d-4c3b-9a7e-5d6c7b8a9f01.png';

beforeAll(async () => {
  t = await startTestApp();
  alice = (await register(t, '13800000001')).token;
  bob = (await register(t, '13800000002')).token;
  // The CLI opens its own connection from the same configuration the server was built with.
  cli = await openFeedbackCli(t.config, () => t.clock.t);
});
afterAll(async () => {
  await cli.close();
  await t.close();
});

const add = (token: string, content: string, type?: string) =>
  t.call('POST', '/user/feedback-v2', { token, body: { ...(type ? { type } : {}), content } });

describe('feedback', () => {
  it('round trip: sanitised add, list, look, CLI reply completes it, the user reply reopens it', async () => {
    const html =
      `<p>上传后报错<script>alert(1)</script></p><p><img src="${OWN_IMAGE}" onerror="alert(2)"><img src="https://evil.example/x.png"><img src="data:image/png;base64,AAAA"></p>` +
      `<p><a href="javascript:alert(3)">点我</a> <a href="https://example.org/doc">文档</a></p><p style="color:red" onclick="x()"><b>粗体</b></p>`;
    const created = await add(alice, html);
    expect(created.body).toMatchObject({ code: 200, msg: FeedbackMessages.added });
    const id = created.body.data.feedbackid as number;

    const list = await t.call('GET', '/user/feedback-v2/query?status=0&page=1&limit=15', { token: alice });
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ feedbackid: id, type: '使用故障', status: 2 });
    expect(list.body.data[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const look = await t.call('GET', `/user/feedback-v2/look?feedbackid=${id}`, { token: alice });
    expect(look.body.data.conversation).toHaveLength(1);
    const text = look.body.data.conversation[0].text as string;
    expect(look.body.data.conversation[0].role).toBe('user');
    expect(text).toContain(`<img src="${OWN_IMAGE}" />`);
    expect(text).not.toMatch(/script|alert|onerror|onclick|style=|evil\.example|data:image|javascript:/);
    expect(text).toContain('<a>点我</a>');
    expect(text).toContain('<a href="https://example.org/doc" rel="noopener noreferrer nofollow" target="_blank">文档</a>');
    expect(text).toContain('<strong>粗体</strong>');

    // Support lists it as pending and answers from the CLI (plain text becomes escaped paragraphs).
    expect(await runCommand(cli.feedback, ['list'])).toContain(`#${id}`);
    expect(await runCommand(cli.feedback, ['reply', String(id), '您好，已修复。\n\n请刷新后重试 <3'])).toContain('已完成');
    const answered = await t.call('GET', `/user/feedback-v2/look?feedbackid=${id}`, { token: alice });
    expect(answered.body.data.status).toBe(1);
    expect(answered.body.data.conversation.map((m: { role: string }) => m.role)).toEqual(['user', 'other']);
    expect(answered.body.data.conversation[1].text).toBe('<p>您好，已修复。</p><p>请刷新后重试 &lt;3</p>');
    expect((await t.call('GET', '/user/feedback-v2/query?status=1', { token: alice })).body.count).toBe(1);
    expect((await t.call('GET', '/user/feedback-v2/query?status=2', { token: alice })).body.count).toBe(0);

    const sent = await t.call('POST', '/user/feedback-v2/send', { token: alice, body: { feedbackid: id, input: '<p>还是不行</p>' } });
    expect(sent.body).toMatchObject({ code: 200, msg: FeedbackMessages.sent });
    const reopened = await t.call('GET', `/user/feedback-v2/look?feedbackid=${id}`, { token: alice });
    expect(reopened.body.data.status).toBe(2);
    expect(reopened.body.data.conversation.map((m: { role: string }) => m.role)).toEqual(['user', 'other', 'user']);
    expect(await runCommand(cli.feedback, ['show', String(id)])).toContain('还是不行');

    // Marking completed without a reply, and back.
    expect(await runCommand(cli.feedback, ['complete', String(id)])).toContain('已完成');
    expect((await t.call('GET', `/user/feedback-v2/look?feedbackid=${id}`, { token: alice })).body.data.status).toBe(1);
  });

  it('the command line works on the database the environment names', async () => {
    const { body } = await add(alice, '<p>命令行回复</p>', '改进意见');
    const env = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
    expect(await main(['reply', String(body.data.feedbackid), '<p>收到，<em>谢谢</em></p>', '--pending', '--author', '小王'], env)).toContain('保持待处理');
    const look = await t.call('GET', `/user/feedback-v2/look?feedbackid=${body.data.feedbackid}`, { token: alice });
    expect(look.body.data).toMatchObject({ type: '改进意见', status: 2 });
    expect(look.body.data.conversation[1]).toMatchObject({ role: 'other', text: '<p>收到，<em>谢谢</em></p>' });
    await expect(main(['reply', '999999', 'x'], env)).rejects.toThrow(FeedbackMessages.notFound);
  });

  it('another user can neither read nor answer a thread, nor see it listed', async () => {
    const { body } = await add(alice, '<p>私人问题</p>');
    const id = body.data.feedbackid;
    const peek = await t.call('GET', `/user/feedback-v2/look?feedbackid=${id}`, { token: bob });
    expect(peek.status).toBe(404);
    expect(peek.body.msg).toBe(FeedbackMessages.notFound);
    const reply = await t.call('POST', '/user/feedback-v2/send', { token: bob, body: { feedbackid: id, input: '<p>插话</p>' } });
    expect(reply.body.code).toBe(404);
    expect((await t.call('GET', '/user/feedback-v2/query', { token: bob })).body.count).toBe(0);
    expect((await t.call('GET', '/user/feedback-v2/query')).body.code).toBe(50008);
    expect((await t.call('GET', `/user/feedback-v2/look?feedbackid=${id}`, { token: alice })).body.data.conversation[0].text).toBe('<p>私人问题</p>');
  });

  it('rejects empty, oversized and unknown-type feedback with Chinese messages', async () => {
    for (const blank of ['', '<p><br></p>', '<p>&nbsp; </p><script>alert(1)</script>', '<img src="https://evil.example/x.png">']) {
      const r = await add(bob, blank);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(FeedbackMessages.empty);
    }
    const long = await add(bob, `<p>${'长'.repeat(FEEDBACK_MAX_CHARS)}</p>`);
    expect(long.body.msg).toBe(FeedbackMessages.tooLong);
    const bad = await add(bob, '<p>x</p>', '乱填');
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe('请选择反馈类型');
    const id = (await add(bob, '<p>有效</p>', '其他')).body.data.feedbackid;
    const emptyReply = await t.call('POST', '/user/feedback-v2/send', { token: bob, body: { feedbackid: id, input: '<p></p>' } });
    expect(emptyReply.body.msg).toBe(FeedbackMessages.empty);
  });

  it('pages 15 at a time, newest first, and limits new threads per hour', async () => {
    const { token } = await register(t, '13800000003');
    const ids: number[] = [];
    for (let i = 0; i < FEEDBACKS_PER_HOUR; i++) {
      const r = await add(token, `<p>第${i + 1}条</p>`);
      expect(r.body.code, r.body.msg).toBe(200);
      ids.push(r.body.data.feedbackid);
      t.clock.advance(1000);
    }
    const refused = await add(token, '<p>再来一条</p>');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(FeedbackMessages.tooManyFeedbacks);
    t.clock.advance(60 * 60 * 1000);
    for (let i = 0; i < 7; i++) {
      const r = await add(token, `<p>下一小时第${i + 1}条</p>`);
      ids.push(r.body.data.feedbackid);
      t.clock.advance(1000);
    }
    const p1 = await t.call('GET', '/user/feedback-v2/query', { token });
    expect(p1.body.count).toBe(17);
    expect(p1.body.data).toHaveLength(15);
    expect(p1.body.data.map((f: { feedbackid: number }) => f.feedbackid)).toEqual([...ids].reverse().slice(0, 15));
    const p2 = await t.call('GET', '/user/feedback-v2/query?page=2', { token });
    expect(p2.body.data.map((f: { feedbackid: number }) => f.feedbackid)).toEqual([ids[1], ids[0]]);
    expect((await t.call('GET', '/user/feedback-v2/query?status=3', { token })).body.code).toBe(400);
  });
});
