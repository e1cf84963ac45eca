// The operations CLI against the database of a running test app (same DATA_DIR / DATABASE_URL).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { runOps } from './ops.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const env = () => ({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', WEB_DIST: '', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) });

async function ops(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, env(), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const redeem = (token: string, redeemCode: string) => t.call('POST', '/v2/user/redeem', { token, body: { redeemCode } });
const profile = async (token: string) => (await t.call('GET', '/v2/user/profile', { token })).body.data;

describe('ops redeem-batch / redeem-void', () => {
  it('makes unique codes of an unambiguous alphabet that redeem for the batch membership', async () => {
    const csv = path.join(t.dataDir, 'codes.csv');
    const r = await ops('redeem-batch', '--tier', 'svip', '--days', '90', '--count', '50', '--expires', '2099-12-31', '--note', '活动', '--csv', csv);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(50);
    expect(new Set(r.out).size).toBe(50);
    for (const code of r.out) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{16}$/);
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('code,tier,duration,expires');
    expect(lines[1]).toBe(`${r.out[0]},高级会员,3个月,2099-12-31 23:59:59`);

    const { token } = await register(t, '13800138000');
    expect((await redeem(token, r.out[0]!)).body.msg).toBe('兑换成功');
    expect((await profile(token)).svip_days).toBe(90);

    const life = await ops('redeem-batch', '--tier', 'vip', '--life', '--count', '1');
    expect((await redeem(token, life.out[0]!)).body.code).toBe(200);
    expect((await profile(token)).vip_life).toBe(1);
  });

  it('voids an unused code, and says why it cannot void others', async () => {
    const [a, b] = (await ops('redeem-batch', '--tier', 'vip', '--days', '30', '--count', '2')).out;
    expect((await ops('redeem-void', a!)).code).toBe(0);
    expect((await ops('redeem-void', a!)).err[0]).toContain('already voided');
    expect((await ops('redeem-void', 'NOSUCHCODE')).err[0]).toContain('no such code');
    const { token } = await register(t, '13800138000');
    expect((await redeem(token, a!)).body.msg).toBe('该兑换码已作废');
    expect((await redeem(token, b!)).body.code).toBe(200);
    const used = await ops('redeem-void', b!);
    expect(used.code).toBe(1);
    expect(used.err[0]).toContain('already redeemed');
  });

  it('refuses bad arguments with usage (exit 2)', async () => {
    for (const argv of [
      ['redeem-batch', '--tier', 'gold', '--days', '30', '--count', '1'],
      ['redeem-batch', '--tier', 'vip', '--count', '1'],
      ['redeem-batch', '--tier', 'vip', '--days', '30', '--life', '--count', '1'],
      ['redeem-batch', '--tier', 'vip', '--days', '0', '--count', '1'],
      ['redeem-batch', '--tier', 'vip', '--days', '30', '--count', '1', '--expires', '2020-01-01'],
      ['redeem-batch', '--tier', 'vip', '--days', '30', '--count', '1', '--expires', '2099-02-30'],
      ['redeem-batch', '--tier', 'vip', '--days', '30', '--count', '1', '--bogus'],
      ['free-review', '1', 'maybe'],
      ['launch-rockets'],
    ]) {
      const r = await ops(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err.join('\n')).toContain('LabStat operations');
    }
  });
});

describe('ops gift-grant', () => {
  it('gives a gift to a user by phone number, limited to the listed gift types', async () => {
    const { token } = await register(t, '13800138000');
    const types = (await ops('gift-types')).out.map((l) => l.split('\t'));
    const thirty = types.find((c) => c[1] === '30天标准会员')![0]!;
    const r = await ops('gift-grant', '13800138000', '--name', '活动礼品', '--description', '感谢参与', '--types', thirty);
    expect(r.code).toBe(0);
    const gifts = (await t.call('GET', '/v2/user/gift/list?page=1&limit=20', { token })).body;
    expect(gifts.count).toBe(2);
    const gift = gifts.data.find((g: any) => g.name === '活动礼品');
    expect(gift).toMatchObject({ description: '感谢参与', used: false });
    const options = (await t.call('GET', `/v2/user/gift/check?user_gift_id=${gift.id}`, { token })).body.data;
    expect(options).toEqual([{ gift_type_id: Number(thirty), label: '30天标准会员' }]);
    expect((await t.call('POST', '/v2/user/gift/use', { token, body: { user_gift_id: gift.id, gift_type_id: Number(thirty) } })).body.msg).toBe('激活成功!');
    expect((await profile(token)).vip_days).toBe(30);

    // Two grants at once both arrive (distinct sources).
    await Promise.all([ops('gift-grant', '13800138000', '--name', 'A'), ops('gift-grant', '13800138000', '--name', 'B')]);
    expect((await t.call('GET', '/v2/user/gift/list?page=1&limit=20', { token })).body.count).toBe(4);

    const nobody = await ops('gift-grant', '13900000000', '--name', 'x');
    expect(nobody.code).toBe(1);
    expect(nobody.err[0]).toContain('no user');
    expect((await ops('gift-grant', '13800138000', '--name', 'x', '--types', '999')).code).toBe(1);
  });
});

describe('ops free-list / free-review', () => {
  it('lists pending screenshots; approval grants one month once per user; rejection grants nothing', async () => {
    const { token } = await register(t, '13800138000');
    const { token: bob } = await register(t, '13800138001');
    const shot = async (tk: string) => {
      const cred = (await t.call('GET', '/qcloud/secretkey', { token: tk })).body.data;
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
      const put = await t.app.inject({ method: 'PUT', url: `${cred.uploadUrl}&key=clutter/${crypto.randomUUID()}.png`, payload: png, headers: { 'content-type': 'image/png' } });
      const filePath = put.json().data.file_path;
      expect((await t.call('POST', '/qcloud/upload/wechat-screenshot', { token: tk, body: { file_path: filePath } })).body.code).toBe(200);
      return filePath as string;
    };
    const mine = await shot(token);
    await shot(bob);
    const list = await ops('free-list');
    expect(list.out).toHaveLength(2);
    const [myId] = list.out.find((l) => l.includes(mine))!.split('\t');
    const [bobId] = list.out.find((l) => !l.includes(mine))!.split('\t');

    expect((await ops('free-review', myId!, 'approve')).code).toBe(0);
    expect((await profile(token)).vip_days).toBe(30);
    expect((await ops('free-review', myId!, 'approve')).err[0]).toContain('not waiting');
    expect((await ops('free-review', bobId!, 'reject', '--reason', '截图不清晰')).code).toBe(0);
    expect((await profile(bob)).vip_days).toBe(0);
    expect((await ops('free-review', '9999', 'approve')).err[0]).toContain('no such submission');
    expect((await ops('free-list')).out).toHaveLength(0);

    // Bob tries again and is approved; I cannot have a second month.
    await shot(bob);
    const [bobAgain] = (await ops('free-list')).out[0]!.split('\t');
    expect((await ops('free-review', bobAgain!, 'approve')).code).toBe(0);
    expect((await profile(bob)).vip_days).toBe(30);
    expect((await t.call('POST', '/qcloud/upload/wechat-screenshot', { token, body: { file_path: mine } })).body.msg).toBe('免费会员每位用户只能领取一次');
  });
});

describe('npm run ops', () => {
  it('runs as a script from the repository root', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', 'ops', '--', 'redeem-batch', '--tier', 'vip', '--days', '7', '--count', '2'], {
      cwd: root,
      env: { ...process.env, ...env() },
    });
    const codes = stdout.trim().split('\n');
    expect(codes).toHaveLength(2);
    expect(stderr).toContain('2 codes');
    const { token } = await register(t, '13800138000');
    expect((await redeem(token, codes[1]!)).body.msg).toBe('兑换成功');
  }, 60_000);

  it('runs from a checkout reached through a symlink (it used to print nothing and do nothing)', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const link = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-link-')), 'repo');
    fs.symlinkSync(root, link);
    const { stdout } = await promisify(execFile)('npx', ['tsx', '--conditions=labstat-source', path.join(link, 'apps/server/src/cli/ops.ts'), 'help'], {
      cwd: link,
      env: { ...process.env, ...env() },
    });
    expect(stdout).toContain('LabStat operations');
  }, 60_000);
});
