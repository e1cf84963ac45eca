// Help, content and feedback in the browser (issue 20): a logged-in user follows every link of the
// public header, the sidebar, the home page and the profile menus, a visitor every link of the
// login page, and none ends on the 404 page; a feedback round trip with a real PNG uploaded through
// the editor, support's reply from the CLI, and the conversation (user right, support left).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, settledDropdown, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// A real 8×8 PNG (red square), so the browser can decode what the server stored.
const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

function onFailure(page: Page, name: string) {
  onTestFailed(async () => {
    await snap(page, `failed-${name}`).catch(() => undefined);
    console.error(page.url(), await page.locator('body').innerText().catch(() => ''));
  });
}

/** Runs the support CLI (`npm run feedback -- …`) on the test server's database. */
function feedbackCli(...args: string[]): string {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.server.dataDir, LOG_LEVEL: 'warn' };
  delete e.DATABASE_URL;
  return execFileSync('npm', ['run', '--silent', 'feedback', '--', ...args], { cwd: root, env: e, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Waits for the screen a click led to: no lazy-route spinner, the URL still for a moment. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  let last = '';
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const url = page.url();
    const loading = await page.locator('.ant-spin-spinning').count();
    if (url === last && loading === 0) break;
    last = url;
  }
}

const visited: string[] = [];

/** The page is not the 404 page: neither its route nor its text. */
async function expectNotDead(page: Page, what: string): Promise<void> {
  await settle(page);
  const url = page.url();
  visited.push(`${what} → ${url}`);
  expect(url, what).not.toMatch(/#\/404\b/);
  expect(await page.locator('body').innerText(), `${what} (${url})`).not.toMatch(/OOPS/);
}

/** Same-origin hrefs of the anchors under `scope` (external sites are not ours to check). */
async function hrefsIn(page: Page, scope: string): Promise<string[]> {
  const hrefs = await page.locator(`${scope} a[href]`).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.filter((h) => new URL(h).origin === new URL(page.url()).origin))];
}

async function openSidebarGroups(page: Page): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  await sidebar.locator('.ant-menu-item').first().waitFor();
  for (let round = 0; round < 3; round++) {
    const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    const n = await closed.count();
    if (n === 0) break;
    for (let i = 0; i < n; i++) await closed.first().click();
    await page.waitForTimeout(300);
  }
}

async function sidebarLabels(page: Page): Promise<string[]> {
  await openSidebarGroups(page);
  return page.getByTestId('sidebar').locator('.ant-menu-item').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()).filter(Boolean));
}

/** Closes the announcements (they stay until closed, spec 01 §2) that cover the top right corner. */
async function dismissNotifications(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  await close.evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
  await expect.poll(() => close.count()).toBe(0);
}

async function openUserMenu(page: Page, scope: string): Promise<string[]> {
  await dismissNotifications(page);
  await page.locator(scope).getByTestId('user-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').last();
  await settledDropdown(page);
  return menu.locator('.ant-dropdown-menu-item').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
}

async function clickUserMenuItem(page: Page, scope: string, label: string): Promise<void> {
  await openUserMenu(page, scope);
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: label }).last().click();
}

async function loggedInPage(phone: string): Promise<{ context: BrowserContext; page: Page }> {
  const token = await registerViaApi(env.server, phone);
  const p = await newPage(env.browser);
  await signIn(p.context, env.server, token);
  return p;
}

describe('help, content and feedback in the browser', () => {
  it('no link of the header, sidebar, home page, login page or profile menus ends on 404', { timeout: 300_000 }, async () => {
    const { context, page } = await loggedInPage('13900002020');
    onFailure(page, 'help-links');
    const home = `${env.server.url}/#/`;

    // Public header: the six menu entries (spec 02 §2), then its anchors (logo, notices).
    await page.goto(home);
    const headerMenu = page.getByTestId('header-menu');
    await headerMenu.getByRole('link').first().waitFor();
    const entries = await headerMenu.getByRole('link').allInnerTexts();
    expect(entries).toEqual(['首页', '分析工具', '会员中心', '最新动态', '使用手册', '引用与致谢']);
    expect(await headerMenu.locator('[aria-current="page"]').allInnerTexts()).toEqual(['首页']);
    expect(await headerMenu.getByTestId('header-menu-more').count()).toBe(0);
    await page.getByTestId('header-notices').locator('a[href]').first().waitFor();
    await snap(page, 'help-home-header');
    const headerLinks = await hrefsIn(page, '[data-testid="public-header"]');
    expect(headerLinks.length).toBeGreaterThanOrEqual(2);
    for (const label of entries) {
      await page.goto(home);
      await headerMenu.getByRole('link', { name: label, exact: true }).click();
      await expectNotDead(page, `header ${label}`);
    }
    await expect.poll(() => page.url()).toMatch(/#\/quote\/index$/);
    for (const href of headerLinks) {
      await page.goto(href);
      await expectNotDead(page, `header link ${href}`);
    }

    // Just above 900 px the entries that do not fit sit behind a "…" entry, as antd's menu had them.
    await page.setViewportSize({ width: 960, height: 860 });
    await page.goto(home);
    await headerMenu.getByTestId('header-menu-more').click();
    await settledDropdown(page);
    const shown = await headerMenu.getByRole('link').allInnerTexts();
    const more = await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    expect([...shown, ...more]).toEqual(entries);
    await page.keyboard.press('Escape');

    // Below 900 px the same entries sit in a dropdown.
    await page.setViewportSize({ width: 860, height: 860 });
    await page.goto(home);
    await page.getByTestId('header-menu-button').click();
    await settledDropdown(page);
    const dropdown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await expect.poll(() => dropdown.evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()))).toEqual(entries);
    await snap(page, 'help-header-narrow');
    await dropdown.filter({ hasText: '使用手册' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/document\/document-manual$/);
    await page.setViewportSize({ width: 1366, height: 860 });

    // Home page: its buttons and links outside the header (开始使用, 快速上手 …).
    await page.goto(home);
    await page.getByRole('button', { name: '快速上手' }).waitFor();
    // The carousel's dots are buttons too, but lead nowhere.
    const homeSection = 'section:not([data-testid="home-carousel"])';
    const homeButtons = await page.locator(`${homeSection} button`).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()).filter(Boolean));
    expect(homeButtons).toEqual(expect.arrayContaining(['开始使用', '快速上手']));
    for (const label of homeButtons) {
      await page.goto(home);
      await page.locator(`${homeSection} button`).filter({ hasText: label }).first().click();
      await expectNotDead(page, `home ${label}`);
    }
    await page.goto(home);
    await page.getByRole('button', { name: '快速上手' }).waitFor();
    for (const href of await hrefsIn(page, homeSection)) {
      await page.goto(href);
      await expectNotDead(page, `home link ${href}`);
    }

    // Sidebar, in the admin group and in the dynamics group (the four static pages).
    for (const start of ['/dashboard', '/team-info/index']) {
      await page.goto(`${env.server.url}/#${start}`);
      const labels = await sidebarLabels(page);
      expect(labels.length, `sidebar at ${start}`).toBeGreaterThan(start === '/dashboard' ? 12 : 4);
      for (const label of labels) {
        await page.goto(`${env.server.url}/#${start}`);
        await openSidebarGroups(page);
        await page.getByTestId('sidebar').locator('.ant-menu-item').filter({ hasText: label }).first().click();
        await expectNotDead(page, `sidebar(${start}) ${label}`);
      }
    }
    // The static pages link to each other.
    await page.goto(`${env.server.url}/#/team-info/index`);
    await page.getByTestId('static-page-links').waitFor();
    for (const href of await hrefsIn(page, '[data-testid="static-page-links"]')) {
      await page.goto(href);
      await expectNotDead(page, `static link ${href}`);
    }

    // Profile menus: the public header's and the navbar's; 退出登录 last, to the login page.
    await page.goto(home);
    const publicItems = await openUserMenu(page, '[data-testid="public-header"]');
    expect(publicItems).toEqual(['我的信息', '我的订单', '退出登录']);
    await page.keyboard.press('Escape');
    for (const label of publicItems.filter((l) => l !== '退出登录')) {
      await page.goto(home);
      await clickUserMenuItem(page, '[data-testid="public-header"]', label);
      await expectNotDead(page, `public user menu ${label}`);
    }
    await expect.poll(() => page.url()).toMatch(/#\/profile\/index\?tab_id=order$/);
    await page.goto(`${env.server.url}/#/dashboard`);
    const navbarItems = await openUserMenu(page, 'header.ant-layout-header');
    await page.keyboard.press('Escape');
    expect(navbarItems).toContain('退出登录');
    for (const label of navbarItems.filter((l) => l !== '退出登录')) {
      await page.goto(`${env.server.url}/#/dashboard`);
      await clickUserMenuItem(page, 'header.ant-layout-header', label);
      await expectNotDead(page, `navbar user menu ${label}`);
    }
    await page.goto(home);
    await clickUserMenuItem(page, '[data-testid="public-header"]', '退出登录');
    await expect.poll(() => page.url()).toMatch(/#\/login\?redirect=/);
    await context.close();

    // Login page, as a visitor: every same-origin link (user agreement, logo …).
    const visitor = await newPage(env.browser);
    onFailure(visitor.page, 'help-login-links');
    await visitor.page.goto(`${env.server.url}/#/login`);
    await visitor.page.locator('a[href]').first().waitFor();
    const loginLinks = await hrefsIn(visitor.page, 'body');
    expect(loginLinks.some((h) => h.endsWith('#/user-contract/index'))).toBe(true);
    for (const href of loginLinks) {
      await visitor.page.goto(href);
      await expectNotDead(visitor.page, `login link ${href}`);
    }
    await visitor.context.close();
    console.log(`visited ${visited.length} links:\n${visited.join('\n')}`);
  });

  it('documents and static pages show their content', async () => {
    const { context, page } = await loggedInPage('13900002021');
    onFailure(page, 'help-docs');
    await page.goto(`${env.server.url}/#/document/document-manual`);
    const frame = page.getByTestId('help-frame');
    await page.frameLocator('[data-testid="help-frame"]').locator('h1').first().waitFor();
    // The frame grows to its page: no inner scrolling.
    await expect
      .poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).clientHeight - (f as HTMLIFrameElement).contentDocument!.documentElement.scrollHeight))
      .toBeGreaterThanOrEqual(0);
    expect(await frame.evaluate((f) => (f as HTMLIFrameElement).clientHeight)).toBeGreaterThan(800);
    await snap(page, 'help-document-manual');
    await page.goto(`${env.server.url}/#/document`);
    await expect.poll(() => page.url()).toMatch(/#\/document\/document-introduce$/);
    await page.frameLocator('[data-testid="help-frame"]').locator('h1').first().waitFor();

    await page.goto(`${env.server.url}/#/dynamics-update/index`);
    const item = page.getByTestId('news-item').first();
    await item.waitFor();
    expect(await item.innerText()).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(await item.locator('li').count()).toBeGreaterThan(0);
    await snap(page, 'help-update-news');
    await page.goto(`${env.server.url}/#/quote/index`);
    await page.getByTestId('static-citationsAndAcknowledgments').getByText('如何引用 LabStat').waitFor();
    await snap(page, 'help-quote');
    await context.close();
  });

  it('feedback: add with an image, support replies from the CLI, the conversation shows both sides', { timeout: 180_000 }, async () => {
    const token = await registerViaApi(env.server, '13900002022');
    const { context, page } = await newPage(env.browser);
    onFailure(page, 'help-feedback');
    await signIn(context, env.server, token);

    await page.goto(`${env.server.url}/#/feedback-list/index`);
    await page.getByTestId('feedback-list').waitFor();
    await page.getByTestId('feedback-add').click();
    const dialog = page.getByTestId('feedback-add-dialog');
    const editor = dialog.locator('.ProseMirror');
    await editor.waitFor();
    expect(await dialog.getByTestId('feedback-type').innerText()).toContain('使用故障');
    await editor.click();
    await page.keyboard.type('上传数据后预览表格为空，截图如下：');

    // Hold the image PUT back so that 提交 is pressed while it is still on its way.
    let releasePut!: () => void;
    const putHeld = new Promise<void>((r) => (releasePut = r));
    await page.route(
      (url) => url.pathname.startsWith('/'),
      async (route) => {
        if (route.request().method() === 'PUT') await putHeld;
        await route.continue();
      },
    );
    await dialog.getByTestId('feedback-editor-file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG_8X8 });
    await dialog.getByTestId('rte-uploading').waitFor();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.locator('.ant-message').getByText('图片正在上传，请等待上传完成后再提交').waitFor();
    expect(await editor.isVisible()).toBe(true);
    releasePut();
    const img = editor.locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/uploads\/files\/clutter\/[0-9a-f-]{36}\.png$/);
    await snap(page, 'help-feedback-add');
    await page.unrouteAll();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.locator('.ant-message').getByText('反馈提交成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/使用故障[\s\S]*刚刚[\s\S]*Pending/);
    expect(await row.getByTestId('feedback-status').getAttribute('title')).toBe('待处理');
    await page.getByTestId('feedback-filter').getByText('已完成').click();
    await page.getByText('暂无反馈').waitFor();
    await page.getByTestId('feedback-filter').getByText('待处理').click();
    await row.waitFor();
    await snap(page, 'help-feedback-list');

    // The id, as the user's own list call gives it, for support's CLI.
    const list = (await (
      await fetch(`${env.server.url}/user/feedback-v2/query?status=0&page=1&limit=15`, { headers: { 'X-Csrftoken': token } })
    ).json()) as { data: Array<{ feedbackid: number }> };
    const id = list.data[0]!.feedbackid;
    expect(feedbackCli('show', String(id))).toContain('[图片 /uploads/files/clutter/');
    expect(feedbackCli('reply', String(id), '您好，请在数据管理中重新选择文件后再试。')).toContain(`已回复反馈 #${id}`);

    await page.reload();
    await page.getByTestId('feedback-filter').getByText('已完成').click();
    await expect.poll(() => row.innerText()).toMatch(/使用故障[\s\S]*Complete/);
    await row.getByTestId('feedback-view').click();
    const talk = page.getByTestId('feedback-conversation');
    const mine = talk.getByTestId('feedback-msg-user').first();
    const support = talk.getByTestId('feedback-msg-support').first();
    await support.waitFor();
    expect(await mine.innerText()).toContain('上传数据后预览表格为空');
    expect(await support.innerText()).toContain('请在数据管理中重新选择文件后再试');
    expect(await talk.getByTestId('feedback-status').innerText()).toBe('Complete');
    // The stored image is served and decodes.
    await expect.poll(() => mine.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(8);
    // User on the right, support on the left.
    const [mb, sb] = [await mine.locator('.rich-text').boundingBox(), await support.locator('.rich-text').boundingBox()];
    expect(sb!.x).toBeLessThan(mb!.x);
    expect(mb!.x + mb!.width).toBeGreaterThan(sb!.x + sb!.width);

    // The user answers in the reply box.
    const reply = talk.getByTestId('feedback-reply-editor').locator('.ProseMirror');
    await reply.click();
    await page.keyboard.type('重新选择后可以了，谢谢！');
    await talk.getByTestId('feedback-reply-send').click();
    await page.locator('.ant-message').getByText('发送成功').waitFor();
    await expect.poll(() => talk.getByTestId('feedback-msg-user').last().innerText()).toContain('重新选择后可以了');
    await snap(page, 'help-feedback-conversation');
    await context.close();
  });
});
