import type { Browser } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { IPHONE_UA, newPage as openPage, settledDropdown, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

/** A new page that, if the test fails, leaves a screenshot and prints what the page showed. */
async function newPage(b: Browser, opts: { userAgent?: string } = {}) {
  const opened = await openPage(b, opts);
  onTestFailed(async ({ task }) => {
    await snap(opened.page, `failed-${task.name.slice(0, 40)}`).catch(() => undefined);
    console.error(`page at failure: ${opened.page.url()}\n${await opened.page.locator('body').innerText().catch(() => '')}`);
  });
  return opened;
}

describe('accounts in the browser', () => {
  it('registers through the dev QR scan and SMS code, logs out, and logs back in with the password', async () => {
    const { context, page } = await newPage(env.browser);
    const phone = '13712345678';
    await page.goto(`${env.server.url}/#/login`);

    // QR mode is the default, and the dev providers announce themselves.
    await page.getByTestId('wechat-qr-panel').waitFor();
    await expect(page.getByTestId('dev-mode-tag').textContent()).resolves.toBe('开发模式');
    await page.getByRole('img', { name: '微信登录二维码' }).waitFor();
    await snap(page, 'login-qr');

    await page.getByTestId('dev-scan').click();
    // The 2-second poll sees an unbound openid and switches to registration.
    await page.getByTestId('register-form').waitFor({ timeout: 10_000 });
    await page.getByText('已扫码关注公众号，请完善注册信息').waitFor();

    // Submitting empty shows the spec's messages.
    await page.getByRole('button', { name: '注 册' }).click();
    await page.getByText('手机号是必填的').waitFor();
    await page.getByText('验证码是必填的').waitFor();

    await page.getByPlaceholder('请输入手机号').fill(phone);
    await page.getByTestId('send-sms').click();
    await page.getByText(/\d+秒后重新发送/).waitFor();
    const outbox = await env.server.api<{ code: string }[]>('GET', `/dev/sms-outbox?account=${phone}`);
    const code = outbox.data[0]!.code;
    await page.getByTestId('dev-sms-code').getByText(code).waitFor();

    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByPlaceholder('至少6位').fill('abc');
    await page.getByPlaceholder('再次输入密码').fill('abcdef');
    await page.getByRole('button', { name: '注 册' }).click();
    await page.getByText('密码不能少于6位').first().waitFor();
    await page.getByPlaceholder('至少6位').fill('abc12345');
    await page.getByPlaceholder('再次输入密码').fill('abc12345');
    await snap(page, 'login-register-filled');
    await page.getByRole('button', { name: '注 册' }).click();

    // Logged in on the home page.
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^(#\/)?$/);
    await page.getByTestId('user-menu').getByText('用户5678').waitFor();
    await page.getByText('欢迎使用LabStat').waitFor(); // the seeded announcement
    await snap(page, 'home-logged-in');

    // Log out from the header. The announcement notice sits over the user menu's dropdown (it does
    // not close by itself, spec 01 §2), so it is closed first, as a user would.
    await page.locator('.ant-notification-notice-close').first().click();
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
    await page.getByTestId('user-menu').click();
    await settledDropdown(page);
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/login\?redirect=/);
    expect((await context.cookies()).find((c) => c.name === 'Custom-Token')).toBeUndefined();

    // Log in with the password.
    await page.getByText('账号密码登录').first().click();
    await page.getByTestId('password-login-form').waitFor();
    await page.getByRole('button', { name: '登 录' }).click();
    await page.getByText('手机号是必填的').waitFor();
    await page.getByPlaceholder('手机号').fill(` ${phone} `);
    await page.getByPlaceholder('密码').fill('wrongpass');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.getByText('手机号或密码错误').waitFor();
    await page.getByPlaceholder('密码').fill('abc12345');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.getByTestId('user-menu').getByText('用户5678').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'Custom-Token')?.value).toBeTruthy();
    await context.close();
  });

  it('sends visitors of a protected path to login with a redirect, and a bad token back to login', async () => {
    const { context, page } = await newPage(env.browser);
    await page.goto(`${env.server.url}/#/profile/index`);
    await expect.poll(() => page.url()).toMatch(/#\/login\?redirect=%2Fprofile%2Findex/);

    // The dashboard is on the free list and sits in the main layout.
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.getByTestId('sidebar').waitFor();
    await page.getByText('登录后查看账号信息').waitFor();
    await snap(page, 'dashboard-visitor');

    // A token the server does not know: cleared, message shown, back to login.
    await context.addCookies([{ name: 'Custom-Token', value: 'forged-token', url: env.server.url }]);
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.reload();
    await expect.poll(() => page.url()).toMatch(/#\/login\?redirect=%2Fdashboard/);
    await page.getByText('登录状态无效，请重新登录').first().waitFor();
    expect((await context.cookies()).find((c) => c.name === 'Custom-Token')).toBeUndefined();

    await page.goto(`${env.server.url}/#/no-such-page`);
    await page.getByText('Back to home').waitFor();
    await context.close();
  });

  it('refuses a phone on /#/login but not on /', async () => {
    const { context, page } = await newPage(env.browser, { userAgent: IPHONE_UA });
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.goto(`${env.server.url}/#/`);
    await page.getByText('开始使用').waitFor();
    expect(alerts).toEqual([]);

    await page.goto(`${env.server.url}/#/login`);
    await page.getByText('暂不支持手机访问').waitFor();
    expect(alerts.join()).toContain('仅支持iPad和PC');
    expect(await page.getByTestId('wechat-qr-panel').count()).toBe(0);
    await context.close();
  });
});
