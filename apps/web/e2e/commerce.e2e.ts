// Membership and commerce in the browser (issue 18): a new user meets the subscribe overlay of a
// member tool, buys a plan on /vip with the sandbox provider (模拟支付), lands on Profile with 支付成功
// and the tool now runs; payment polling stops when the dialog closes and when the user leaves /vip;
// another user redeems a code, activates a gift, uploads a free-plan screenshot and an avatar.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Runs the operations CLI on the test server's database; returns its standard output lines. */
function ops(...args: string[]): string[] {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.server.dataDir, LOG_LEVEL: 'warn' };
  delete e.DATABASE_URL;
  const out = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=labstat-source', 'apps/server/src/cli/ops.ts', ...args], {
    cwd: root,
    env: e,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
const PAY_STATUS = '/user/pay/status/';

function onFailure(page: Page, name: string) {
  onTestFailed(async () => {
    await snap(page, `failed-${name}`).catch(() => undefined);
    console.error(await page.locator('body').innerText().catch(() => ''));
  });
}

/** Runs the open tool on its example data and waits for a report. */
async function runOpenTool(page: Page) {
  await page.getByTestId('preview-table').waitFor();
  for (let i = 0; i < 4 && (await page.getByTestId('submit-tool').count()) === 0; i++) {
    await page.getByRole('button', { name: '下一步' }).click();
  }
  await page.getByTestId('submit-tool').click();
  const frameSrc = () => page.locator('[data-testid="report-frame"]').getAttribute('src', { timeout: 1000 }).catch(() => null);
  await expect.poll(frameSrc, { timeout: 60_000 }).toMatch(/\/reports\/[0-9a-f]+/);
  await page.frameLocator('[data-testid="report-frame"]').locator('table').first().waitFor();
}

describe('membership and commerce in the browser', () => {
  it('overlay → /vip → sandbox payment → 支付成功 on Profile → the member tool runs; polling stops off /vip', async () => {
    const token = await registerViaApi(env.server, '13900001818');
    const { context, page } = await newPage(env.browser);
    onFailure(page, 'commerce-pay');
    await signIn(context, env.server, token);
    const statusCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === PAY_STATUS) statusCalls.push(r.url());
    });

    // 线性回归 is a member tool: the overlay covers it and 立即订阅 leads to /vip.
    await page.goto(`${env.server.url}/#/tool/detail?toolId=1010`);
    const overlay = page.getByTestId('subscribe-overlay');
    await overlay.waitFor();
    await overlay.getByRole('button', { name: '立即订阅' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/vip$/);
    const basic = page.getByTestId('plan-basic');
    const firstProduct = basic.locator('[data-testid^="product-card-"]').first();
    await firstProduct.waitFor();
    await page.getByTestId('plan-advanced').locator('[data-testid^="product-card-"]').first().waitFor();
    await expect.poll(() => page.getByTestId('tier-vip').innerText()).toContain('未开通标准会员');
    await page.getByTestId('faq').waitFor();
    await snap(page, 'vip');
    const price = await firstProduct.getByTestId('product-price').innerText();
    expect(price).toMatch(/^￥\d+(\.\d{1,2})?$/);

    // The QR dialog: 140 px, the price, the 30-minute label; polling runs while it is open.
    await firstProduct.getByRole('button', { name: '立即开通' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '微信扫码支付' });
    const qr = dialog.getByTestId('pay-qr');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(140);
    await dialog.getByText('二维码有效时间为30分钟').waitFor();
    expect(await dialog.getByTestId('pay-price').innerText()).toBe(price);
    await expect.poll(() => statusCalls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await snap(page, 'vip-pay-qr');

    // Closing the dialog ends the polling.
    await dialog.locator('.ant-modal-close').click();
    await new Promise((r) => setTimeout(r, 500));
    const afterClose = statusCalls.length;
    await new Promise((r) => setTimeout(r, 4500));
    expect(statusCalls.length).toBe(afterClose);

    // A new order polls again; leaving /vip (the dialog still open) ends it too.
    await firstProduct.getByRole('button', { name: '立即开通' }).click();
    await qr.waitFor();
    await expect.poll(() => statusCalls.length, { timeout: 10_000 }).toBeGreaterThan(afterClose);
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    await expect.poll(() => page.url()).toMatch(/#\/$/);
    await new Promise((r) => setTimeout(r, 500));
    const afterLeave = statusCalls.length;
    await new Promise((r) => setTimeout(r, 4500));
    expect(statusCalls.length).toBe(afterLeave);

    // An order that runs out says so and offers a new QR (its time is moved back in the database).
    await page.goto(`${env.server.url}/#/vip`);
    await firstProduct.getByRole('button', { name: '立即开通' }).click();
    await qr.waitFor();
    const db = new SQLite(path.join(env.server.dataDir, 'labstat.db'));
    db.prepare("UPDATE orders SET expires_at = 0 WHERE status = 'created'").run();
    db.close();
    await dialog.getByText('订单已过期，请重新下单').waitFor();
    expect(await dialog.getByTestId('pay-qr').count()).toBe(0);
    await dialog.getByTestId('pay-renew').click();

    // Pay the new order with the sandbox: 模拟支付 → 支付成功 → Profile.
    await qr.waitFor();
    await dialog.getByTestId('dev-pay').click();
    await toast(page, '支付成功');
    await expect.poll(() => page.url()).toMatch(/#\/profile\/index$/);
    await page.getByTestId('profile-card').waitFor();
    await expect.poll(() => page.getByTestId('order-num').innerText()).toMatch(/[1-9]/);
    await page.getByRole('tab', { name: '账户' }).click();
    await expect.poll(() => page.url()).toContain('tab_id=account');
    await expect.poll(() => page.getByTestId('account-vip').innerText()).toMatch(/标准会员剩余 \d+ 天/);
    await snap(page, 'profile');

    // The order list shows the paid order.
    await page.goto(`${env.server.url}/#/profile/index?tab_id=order`);
    const orders = page.getByTestId('order-table');
    await orders.getByRole('row').filter({ hasText: '已支付' }).first().waitFor();
    await snap(page, 'profile-orders');

    // The member tool now runs.
    await page.goto(`${env.server.url}/#/tool/detail?toolId=1010`);
    await page.getByTestId('tool-detail').waitFor();
    await page.getByTestId('preview-table').waitFor();
    expect(await page.getByTestId('subscribe-overlay').count()).toBe(0);
    await runOpenTool(page);
    await context.close();
  }, 180_000);

  it('redeems a code (兑换成功), activates a gift (激活成功!), binds WeChat, changes the phone, uploads an avatar and a screenshot', async () => {
    const phone = '13900001819';
    const token = await registerViaApi(env.server, phone);
    const [code] = ops('redeem-batch', '--tier', 'vip', '--days', '30', '--count', '1');
    expect(code).toMatch(/^[A-Za-z0-9-]{6,64}$/);
    ops('gift-grant', phone, '--name', '新春礼包', '--description', '感谢支持');

    const { context, page } = await newPage(env.browser);
    onFailure(page, 'commerce-redeem');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await signIn(context, env.server, token);

    // Redeem.
    await page.goto(`${env.server.url}/#/profile/index?tab_id=exchange`);
    await page.getByTestId('redeem-input').fill(`  ${code}  `);
    await page.getByTestId('redeem-submit').click();
    await toast(page, '兑换成功');
    await page.getByTestId('redemption-table').locator('tbody tr.ant-table-row').first().waitFor();
    // The same code again is refused with the server's reason.
    await page.getByTestId('redeem-input').fill(code!);
    await page.getByTestId('redeem-submit').click();
    await toast(page, '该兑换码已被使用');

    // Activate the gift.
    await page.getByRole('tab', { name: '礼品' }).click();
    const row = page.getByTestId('gift-table').getByRole('row').filter({ hasText: '新春礼包' });
    await row.getByRole('button', { name: /^激\s*活$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '激活礼品' });
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: /激\s*活/ }).click();
    await toast(page, '激活成功!');
    await expect.poll(() => row.getByRole('button', { name: '已激活' }).isDisabled()).toBe(true);
    await snap(page, 'profile-gifts');

    // The invitation link copies.
    await page.getByTestId('invite-copy').click();
    await toast(page, '邀请链接已复制到剪贴板');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${env.server.url.replace(/[.]/g, '\\.')}/#/login\\?code=\\S+$`));

    // WeChat binding: the bind QR, 模拟扫码, 绑定成功 and a reload.
    await page.getByTestId('wechat-bind').click();
    const bind = page.getByTestId('bind-qr');
    await bind.locator('img[alt="微信绑定二维码"]').waitFor();
    // The page reloads after 绑定成功: wait for that navigation, not just any loaded state.
    const reloaded = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 20_000 });
    await bind.getByTestId('dev-bind-scan').click();
    await toast(page, '绑定成功');
    await reloaded;
    await page.waitForLoadState('load');
    await page.getByTestId('profile-card').waitFor();

    // Phone change: the SMS code goes to the new number (dev outbox), then 修改成功.
    await page.getByRole('tab', { name: '基本信息' }).click();
    await page.getByTestId('change-mobile').click();
    const phoneDialog = page.locator('.ant-modal').filter({ hasText: '修改手机号' });
    await phoneDialog.getByLabel('新手机号').fill('13900001820');
    await phoneDialog.getByTestId('send-sms').click();
    const devCode = (await phoneDialog.getByTestId('dev-sms-code').innerText()).match(/\d{4,6}/)![0];
    await phoneDialog.getByPlaceholder('短信验证码').fill(devCode);
    await phoneDialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '修改成功');
    await expect.poll(() => page.getByTestId('mobile').inputValue()).toBe('13900001820');

    // Avatar: over 2 MB refused in the page; a real image uploads and the profile update keeps it.
    await page.getByRole('tab', { name: '基本信息' }).click();
    const avatarInput = page.getByTestId('info-form').locator('input[type=file]');
    await avatarInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG_1X1.length)]) });
    await toast(page, '上传文件大小不能超过2M!');
    await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await toast(page, '上传成功');
    await page.getByTestId('info-form').getByLabel('研究方向').fill('  肿瘤流行病学  ');
    await page.getByTestId('profile-update').click();
    await toast(page, '用户信息更新成功');
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByTestId('profile-card').innerText(), { timeout: 15_000 }).toContain('研究方向：肿瘤流行病学');
    await expect.poll(() => page.getByTestId('profile-card').locator('img').first().getAttribute('src')).toMatch(/^\/uploads\/files\/clutter\/[0-9a-f-]+\.png$/);
    await snap(page, 'profile-info');

    // Free plan: the screenshot uploads, shows 上传成功 and its preview.
    await page.goto(`${env.server.url}/#/vip`);
    await page.getByTestId('plan-basic').getByRole('tab', { name: '免费领取' }).click();
    const slot = page.getByTestId('free-upload');
    await slot.locator('input[type=file]').setInputFiles({ name: 'share.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await toast(page, '上传成功');
    await expect.poll(() => slot.locator('img[alt="已上传的截图"]').getAttribute('src')).toMatch(/^\/uploads\/files\/clutter\//);
    await snap(page, 'vip-free');
    await context.close();
  }, 180_000);

  it('shows visitors 未登录 and sends them to login with a way back when they choose a product', async () => {
    const { context, page } = await newPage(env.browser);
    onFailure(page, 'commerce-visitor');
    await page.goto(`${env.server.url}/#/vip`);
    await expect.poll(() => page.getByTestId('vip-username').innerText()).toBe('未登录');
    const product = page.getByTestId('plan-advanced').locator('[data-testid^="product-card-"]').first();
    await product.getByRole('button', { name: '立即开通' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/#\/login\?redirect=\/vip$/);
    await context.close();
  });
});
