// The operator console in the browser (issue 24): only an operator (granted by the ops CLI) finds
// 运营后台 and opens /#/ops — a user lands on the 401 page, a visitor on login; the operator replies
// to feedback and the user reads the reply; the operator makes a code batch (a reason is required,
// the CSV export holds the code) and a user redeems it (兑换成功); the operator switches a tool off
// and it leaves the user's list and refuses the user's submission; the audit log shows all three
// and exports them. Every console page is photographed for a human to look at.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpsMessages } from '@labstat/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, settledDropdown, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const OPERATOR = '13900002401';
const USER = '13900002402';
const REPLY = '您好，导出问题已修复，请刷新页面后重试。';
const TOOL = 1003;

/** Runs the operations CLI on the test server's database. */
function ops(...args: string[]): string {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.server.dataDir, LOG_LEVEL: 'warn' };
  delete e.DATABASE_URL;
  return execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=labstat-source', 'apps/server/src/cli/ops.ts', ...args], {
    cwd: root,
    env: e,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** An API call as a logged-in user (the harness's helper sends no token). */
async function call<T = any>(token: string, method: string, p: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(env.server.url + p, {
    method,
    headers: { 'X-Csrftoken': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

function onFailure(page: Page, name: string) {
  onTestFailed(async () => {
    await snap(page, `failed-${name}`).catch(() => undefined);
    console.error(page.url(), await page.locator('body').innerText().catch(() => ''));
  });
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first().waitFor();

/** Waits until no table or lazy route is still loading, so a photograph shows the page. */
async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(200);
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 15_000 }).toBe(0);
}

let tokens: { operator: string; user: string };
let operator: { context: BrowserContext; page: Page };
let user: { context: BrowserContext; page: Page };

async function readDownload(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

describe('operator console in the browser', () => {
  it('shows the console to operators only: a user gets the 401 page, a visitor the login page', async () => {
    tokens = { operator: await registerViaApi(env.server, OPERATOR), user: await registerViaApi(env.server, USER) };
    ops('grant-operator', OPERATOR);

    user = await newPage(env.browser);
    onFailure(user.page, 'ops-user-gate');
    await signIn(user.context, env.server, tokens.user);
    await user.page.goto(`${env.server.url}/#/dashboard`);
    await user.page.getByTestId('user-menu').click();
    await settledDropdown(user.page);
    await user.page.locator('.ant-dropdown-menu').getByText('个人信息').waitFor();
    expect(await user.page.locator('.ant-dropdown-menu').getByText('运营后台').count()).toBe(0);
    await user.page.keyboard.press('Escape');
    await user.page.goto(`${env.server.url}/#/ops/users`);
    await user.page.waitForURL(/#\/401/);
    await user.page.getByText('您没有访问权限').waitFor();
    expect(await user.page.getByTestId('ops-layout').count()).toBe(0);

    const visitor = await newPage(env.browser);
    await visitor.page.goto(`${env.server.url}/#/ops`);
    await visitor.page.waitForURL(/#\/login\?redirect=%2Fops/);
    await visitor.context.close();

    operator = await newPage(env.browser);
    onFailure(operator.page, 'ops-operator-gate');
    await signIn(operator.context, env.server, tokens.operator);
    await operator.page.goto(`${env.server.url}/#/dashboard`);
    await operator.page.getByTestId('user-menu').click();
    await settledDropdown(operator.page);
    await operator.page.locator('.ant-dropdown-menu').getByText('运营后台').click();
    await operator.page.waitForURL(/#\/ops$/);
    await operator.page.getByTestId('ops-dashboard').waitFor();
    await operator.page.getByTestId('ops-operator').getByText(`用户${OPERATOR.slice(-4)}`).waitFor();
    // Two users signed up today: the users chart has something to draw, with ECharts from the server.
    await operator.page.getByTestId('chart-users').locator('svg').first().waitFor();
    await settled(operator.page);
    await snap(operator.page, 'ops-dashboard');
  }, 120_000);

  it('the operator replies to feedback in rich text and the user reads the reply', async () => {
    onFailure(operator.page, 'ops-feedback');
    const added = await call<{ feedbackid: number }>(tokens.user, 'POST', '/user/feedback-v2', {
      type: '使用故障',
      content: '<p>导出 Word 时图片模糊<img src="x" onerror="window.__pwned=1"></p>',
    });
    expect(added.code, added.msg).toBe(200);
    const id = added.data.feedbackid;

    const page = operator.page;
    await page.goto(`${env.server.url}/#/ops/feedback`);
    const open = page.getByTestId(`ops-feedback-open-${id}`);
    await open.waitFor();
    await settled(page);
    await snap(page, 'ops-feedback');
    await open.click();
    const thread = page.getByTestId('ops-feedback-thread');
    await thread.getByTestId('ops-msg-user').getByText('导出 Word 时图片模糊').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const editor = thread.getByTestId('ops-reply-editor').locator('.ProseMirror');
    await editor.waitFor();
    // An empty reply is refused in the page.
    await thread.getByTestId('ops-feedback-send').click();
    await toast(page, '请输入回复内容');
    await editor.click();
    await page.keyboard.type(REPLY);
    await thread.getByTestId('ops-feedback-send').click();
    await thread.getByTestId('ops-msg-support').getByText(REPLY).waitFor();
    await snap(page, 'ops-feedback-thread');
    await page.keyboard.press('Escape');
    // Answered, it leaves the queue of pending feedback.
    await expect.poll(() => page.getByTestId(`ops-feedback-open-${id}`).count()).toBe(0);

    const u = user.page;
    onFailure(u, 'ops-feedback-user');
    await u.goto(`${env.server.url}/#/feedback-list/index`);
    await u.getByTestId('feedback-view').first().click();
    await u.getByTestId('feedback-msg-support').getByText(REPLY).waitFor();
    await u.keyboard.press('Escape');
  }, 120_000);

  it('the operator creates a code batch (reason required, CSV export) and the user redeems a code', async () => {
    const page = operator.page;
    onFailure(page, 'ops-codes');
    await page.goto(`${env.server.url}/#/ops/commerce?tab=codes`);
    await page.getByTestId('batch-create').click();
    const form = page.getByTestId('batch-form');
    await form.waitFor();
    await form.getByTestId('batch-count').fill('2');
    const dialog = page.locator('.ant-modal').filter({ hasText: '生成兑换码' });
    await dialog.getByRole('button', { name: /^生\s*成$/ }).click();
    // No reason: refused before anything is sent.
    await dialog.getByText(OpsMessages.reasonRequired).waitFor();
    await form.getByTestId('ops-reason').fill('春季推广活动渠道发放');
    await dialog.getByRole('button', { name: /^生\s*成$/ }).click();
    const codesBox = page.getByTestId('batch-codes');
    await codesBox.waitFor();
    const codes = (await codesBox.innerText()).split('\n').map((c) => c.trim()).filter(Boolean);
    expect(codes).toHaveLength(2);
    await snap(page, 'ops-commerce-codes-created');
    await page.locator('.ant-modal').filter({ hasText: '已生成 2 个兑换码' }).getByRole('button', { name: /^完\s*成$/ }).click();

    const row = page.getByTestId('ops-batches').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const exportButton = row.getByRole('button', { name: /导\s*出/ });
    const csv = await readDownload(page, () => exportButton.click());
    expect(csv.name).toMatch(/\.csv$/);
    for (const c of codes) expect(csv.text).toContain(c);
    await settled(page);
    await snap(page, 'ops-commerce-codes');

    const u = user.page;
    onFailure(u, 'ops-redeem');
    await u.goto(`${env.server.url}/#/profile/index?tab_id=exchange`);
    await u.getByTestId('redeem-input').fill(codes[0]!);
    await u.getByTestId('redeem-submit').click();
    await toast(u, '兑换成功');
    // The batch shows one code used.
    await page.reload();
    await expect.poll(() => page.getByTestId('ops-batches').locator('tbody tr.ant-table-row').first().locator('td').nth(4).innerText()).toBe('1');
  }, 120_000);

  it('a tool the operator disables leaves the user’s list and refuses the user’s submission', async () => {
    const u = user.page;
    onFailure(u, 'ops-tool-user');
    // The user has the tool open, ready to submit, when the operator switches it off.
    await u.goto(`${env.server.url}/#/tool/detail?toolId=${TOOL}`);
    await u.getByTestId('preview-table').waitFor();
    for (let i = 0; i < 4 && (await u.getByTestId('submit-tool').count()) === 0; i++) await u.getByRole('button', { name: '下一步' }).click();
    await u.getByTestId('submit-tool').waitFor();

    const page = operator.page;
    onFailure(page, 'ops-tool');
    await page.goto(`${env.server.url}/#/ops/catalogue`);
    await page.getByTestId('ops-tool-search').locator('input').fill(String(TOOL));
    await page.getByTestId('ops-tool-search').locator('input').press('Enter');
    const toggle = page.getByTestId(`tool-enabled-${TOOL}`);
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /停\s*用/ }).click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    await u.getByTestId('submit-tool').click();
    await toast(u, OpsMessages.toolDisabled);
    await u.goto(`${env.server.url}/#/public-tool/med`);
    await u.getByTestId('tool-list').waitFor();
    await u.getByTestId('tool-card-1004').waitFor();
    expect(await u.getByTestId(`tool-card-${TOOL}`).count()).toBe(0);

    await page.getByTestId(`tool-edit-${TOOL}`).click();
    await page.locator('.ant-modal').filter({ hasText: '工具设置' }).getByText('停用后从所有列表与搜索中消失').waitFor();
    await snap(page, 'ops-catalogue-tool');
    await page.keyboard.press('Escape');
    await page.getByTestId('ops-tool-search').locator('input').fill('');
    await page.getByTestId('ops-tool-search').locator('input').press('Enter');
    await settled(page);
    await snap(page, 'ops-catalogue');
  }, 120_000);

  it('the audit log shows the reply, the batch and the tool switch, and exports them as CSV', async () => {
    const page = operator.page;
    onFailure(page, 'ops-audit');
    await page.goto(`${env.server.url}/#/ops/audit`);
    const table = page.getByTestId('ops-audit');
    for (const label of ['回复反馈', '生成兑换码', '修改工具设置']) await table.locator('tbody').getByText(label, { exact: true }).first().waitFor();
    await table.locator('tbody tr.ant-table-row').filter({ hasText: '生成兑换码' }).getByText('春季推广活动渠道发放').waitFor();
    // Before and after of the tool switch, as text.
    const toolRow = table.locator('tbody tr.ant-table-row').filter({ hasText: '修改工具设置' }).first();
    await toolRow.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('audit-diff').first().waitFor();
    await settled(page);
    await snap(page, 'ops-audit');

    const csv = await readDownload(page, () => page.getByTestId('audit-export').click());
    expect(csv.name).toMatch(/\.csv$/);
    for (const action of ['feedback.reply', 'batch.create', 'tool.update']) expect(csv.text).toContain(action);

    // One action only.
    await page.getByTestId('audit-action').click();
    await page.keyboard.type('生成兑换码');
    await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: /^生成兑换码$/ }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').filter({ hasNotText: '生成兑换码' }).count()).toBe(0);
    expect(await table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  }, 120_000);

  it('the other console pages draw (photographed): content with previews, commerce, users', async () => {
    const page = operator.page;
    onFailure(page, 'ops-pages');
    for (const tab of ['announcements', 'notices', 'news', 'pages', 'agreement', 'carousel']) {
      await page.goto(`${env.server.url}/#/ops/content?tab=${tab}`);
      await page.getByTestId('ops-content').waitFor();
      await settled(page);
      await snap(page, `ops-content-${tab}`);
    }
    // A new announcement's preview follows what is typed, with markup sanitised.
    await page.goto(`${env.server.url}/#/ops/content?tab=announcements`);
    await page.getByRole('button', { name: '新增公告' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增公告' });
    await dialog.getByLabel('标题').fill('系统维护通知');
    await dialog.locator('textarea').first().fill('<p>今晚 <strong>22:00</strong> 维护</p><img src=x onerror="window.__pwned=2">');
    const preview = dialog.getByTestId('announcement-preview');
    await preview.getByText('系统维护通知').waitFor();
    await preview.locator('strong').getByText('22:00').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await snap(page, 'ops-content-announcement-edit');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByTestId('ops-announcements').getByText('系统维护通知').waitFor();

    // A header notice with a link: a script link is refused in the form; a site path is kept, and
    // the user finds the notice in the public header.
    await page.goto(`${env.server.url}/#/ops/content?tab=notices`);
    await page.getByRole('button', { name: '新增通知' }).click();
    const nd = page.locator('.ant-modal').filter({ hasText: '新增头部通知' });
    await nd.getByRole('radio', { name: '链接' }).check();
    await nd.getByLabel('通知内容').fill('会员限时优惠进行中');
    await nd.getByLabel('链接地址').fill('javascript:alert(1)');
    await nd.getByRole('button', { name: /保\s*存/ }).click();
    await nd.getByText('请填写 http(s) 地址或以 / 开头的站内路径').waitFor();
    await nd.getByLabel('链接地址').fill('/#/vip');
    await nd.getByTestId('notice-preview').getByRole('link', { name: '会员限时优惠进行中' }).waitFor();
    await nd.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByTestId('ops-notices').getByText('会员限时优惠进行中').waitFor();
    await settled(page);
    await snap(page, 'ops-content-notices-saved');
    await user.page.goto(`${env.server.url}/#/`);
    await user.page.getByTestId('header-notices').getByRole('link', { name: '会员限时优惠进行中' }).waitFor();
    expect(await user.page.getByTestId('header-notices').getByRole('link', { name: '会员限时优惠进行中' }).getAttribute('href')).toBe('/#/vip');

    for (const tab of ['products', 'free-plan', 'orders', 'gifts']) {
      await page.goto(`${env.server.url}/#/ops/commerce?tab=${tab}`);
      await page.getByTestId('ops-commerce').waitFor();
      await settled(page);
      await snap(page, `ops-commerce-${tab}`);
    }

    await page.goto(`${env.server.url}/#/ops/users`);
    await page.getByTestId('ops-user-search').locator('input').fill(USER);
    await page.getByTestId('ops-user-search').locator('input').press('Enter');
    const row = page.getByTestId('ops-users').locator('tbody tr.ant-table-row').filter({ hasText: USER });
    // The redeemed code made the user a standard member: its expiry shows.
    await row.getByText(/标准：\d{4}-\d{2}-\d{2}/).waitFor();
    await settled(page);
    await snap(page, 'ops-users');
    await operator.context.close();
    await user.context.close();
  }, 180_000);
});
