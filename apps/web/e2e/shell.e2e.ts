// The admin shell in the browser (issue 20 items 3, 4, 7, 10): the manual drawer's widths, the tags
// view and its menu, the header search, the layout settings and theme cookie, full screen, the
// association drawer, and the small defects (re-login box over /login, ?token= before the hash,
// the ICP line, the Chinese way back from 404/401).
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

function onFail(page: Page, name: string): void {
  onTestFailed(async () => {
    await snap(page, `failed-${name}`).catch(() => undefined);
    console.error(await page.locator('body').innerText().catch(() => ''));
  });
}

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

/** The open drawer's panel, by the drawer's title. */
const drawerPanel = (page: Page, title: string) => page.locator('.ant-drawer-section, .ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: '布局设置' }).click();
  await drawerPanel(page, '系统布局配置').waitFor();
}

async function closeSettings(page: Page): Promise<void> {
  await drawerPanel(page, '系统布局配置').getByRole('button', { name: /close|关闭/i }).first().click();
  await drawerPanel(page, '系统布局配置').waitFor({ state: 'hidden' });
}

describe('admin shell in the browser', () => {
  it('opens the tool manual in a right drawer: 100% at 700 px, 60% at 900 px, 50% at 1400 px, frame as tall as the page', async () => {
    const token = await registerViaApi(env.server, '13900007001');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-manual');
    await signIn(context, env.server, token);
    await page.setViewportSize({ width: 1400, height: 860 });
    await page.goto(`${env.server.url}/#/tool/detail?toolId=1003`);
    await page.getByTestId('tool-detail').waitFor();
    await page.getByRole('button', { name: '工具手册' }).click();
    const panel = drawerPanel(page, '工具手册');
    await panel.waitFor();
    const ratio = async () => ((await panel.boundingBox())?.width ?? 0) / page.viewportSize()!.width;
    await expect.poll(ratio).toBeCloseTo(0.5, 2);

    // The frame holds the manual and takes its height once loaded.
    const frame = page.getByTestId('manual-drawer-frame');
    await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => f.contentDocument?.body.innerText.length ?? 0)).toBeGreaterThan(20);
    const heights = await frame.evaluate((f: HTMLIFrameElement) => ({ frame: f.getBoundingClientRect().height, page: f.contentDocument!.documentElement.scrollHeight }));
    expect(heights.frame).toBe(heights.page);
    await snap(page, 'shell-manual-1400');

    // Recomputed on resize.
    await page.setViewportSize({ width: 900, height: 860 });
    await expect.poll(ratio).toBeCloseTo(0.6, 2);
    await page.setViewportSize({ width: 700, height: 860 });
    await expect.poll(ratio).toBeCloseTo(1, 2);
    await snap(page, 'shell-manual-700');

    // Closing is reported: the drawer goes, and opens again on demand.
    await panel.getByRole('button', { name: /close|关闭/i }).first().click();
    await panel.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 900, height: 860 });
    await page.getByRole('button', { name: '工具手册' }).click();
    await expect.poll(ratio).toBeCloseTo(0.6, 2);
    await context.close();
  });

  it('shows the association drawer from the bottom: hot tools six a page with paging, recommended tools, a card opens its tool', async () => {
    const token = await registerViaApi(env.server, '13900007002');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-association');
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/tool/detail?toolId=1003`);
    await page.getByTestId('tool-detail').waitFor();
    await page.getByTestId('file-selector').getByText('示例数据_降压药临床试验.csv').waitFor();
    await page.getByRole('button', { name: '热门工具' }).click();
    const panel = drawerPanel(page, '工具推荐');
    await panel.waitFor();
    // Measured once the slide-in animation has ended: the panel's bottom sits on the window's.
    const vh = page.viewportSize()!.height;
    await expect.poll(async () => Math.round((await panel.boundingBox())!.y + (await panel.boundingBox())!.height)).toBe(vh);
    const box = (await panel.boundingBox())!;
    expect(box.height / vh).toBeCloseTo(0.6, 2);

    const hot = page.getByTestId('association-hot');
    await expect.poll(() => hot.getByTestId('association-card').count()).toBe(6);
    const names = () => hot.getByTestId('association-card').locator('strong').allInnerTexts();
    const first = await names();
    await snap(page, 'shell-association');
    await hot.locator('.ant-pagination-item-2').click();
    await expect.poll(async () => (await names()).join()).not.toBe(first.join());
    const second = await names();
    expect(second.length).toBeGreaterThan(0);
    expect(second.length).toBeLessThanOrEqual(6);
    expect(second.filter((n) => first.includes(n))).toEqual([]);

    // 推荐工具 asks for what follows this tool on this file.
    const asked = page.waitForRequest((r) => r.url().includes('/anatools/association') && r.url().includes('type=link'));
    await panel.getByRole('tab', { name: '推荐工具' }).click();
    const url = new URL((await asked).url());
    expect(url.searchParams.get('toolId')).toBe('1003');
    expect(url.searchParams.get('file')).toBeTruthy();
    const link = page.getByTestId('association-link');
    await expect.poll(() => link.getByTestId('association-card').count()).toBeGreaterThan(0);

    // A card opens that tool's detail page and reloads it.
    await page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
    await link.getByTestId('association-card').first().click();
    await expect.poll(() => page.url()).toMatch(/#\/tool\/detail\?toolId=\d+$/);
    expect(page.url()).not.toMatch(/toolId=1003$/);
    await page.getByTestId('tool-detail').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBeUndefined();
    await context.close();
  });

  it('tags view: off by default, switched on in the settings; 刷新, 关闭其他 and 关闭所有 from the 105 px menu', async () => {
    const token = await registerViaApi(env.server, '13900007003');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-tags');
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.getByTestId('app-main').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);

    await openSettings(page);
    await page.getByRole('switch', { name: '开启 Tags-View' }).click();
    await closeSettings(page);
    const tags = page.getByTestId('tags-view');
    await tags.waitFor();
    // The choice survives a reload.
    await page.reload();
    await tags.waitFor();
    const titles = () => tags.getByRole('tab').allInnerTexts();

    // Three pages opened; 数据管理 and 计算工具 are pinned first. Each page is waited for: a page
    // whose code is still loading is superseded by the next click, is never shown and gets no tag.
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('标准工具').click();
    await sidebar.getByText('可视化工具').click();
    await expect.poll(titles).toEqual(['数据管理', '计算工具', '工作台', '可视化工具']);
    await sidebar.getByText('任务中心').click();
    await sidebar.getByText('标准工具任务').click();
    await expect.poll(titles).toEqual(['数据管理', '计算工具', '工作台', '可视化工具', '标准工具任务']);

    await tags.getByRole('tab', { name: '可视化工具' }).click({ button: 'right' });
    const menu = page.getByTestId('tags-menu');
    await menu.waitFor();
    expect((await menu.boundingBox())!.width).toBe(105);
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    await snap(page, 'shell-tags-menu');
    await menu.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(titles).toEqual(['数据管理', '计算工具', '可视化工具']);
    expect(hashPath(page)).toBe('/public-tool/visual');

    // A pinned tab cannot be closed.
    await tags.getByRole('tab', { name: '数据管理' }).click({ button: 'right' });
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['刷新', '关闭其他', '关闭所有']);
    // Escape closes the menu (a click elsewhere could land on a sidebar entry and leave the page).
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(hashPath(page)).toBe('/public-tool/visual');

    // 刷新 mounts the current page afresh: its old view leaves the document.
    const before = await page.getByTestId('app-main').elementHandle();
    const listed = page.waitForRequest((r) => r.url().includes('/anatools/'));
    await tags.getByRole('tab', { name: '可视化工具' }).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: '刷新' }).click();
    await listed;
    await expect.poll(() => before!.evaluate((e) => e.isConnected)).toBe(false);
    expect(hashPath(page)).toBe('/public-tool/visual');
    await page.getByTestId('app-main').waitFor();

    await tags.getByRole('tab', { name: '可视化工具' }).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect.poll(titles).toEqual(['数据管理', '计算工具']);
    // Leaving a page that is not pinned goes to the last pinned tab (tags-store closeAll).
    await expect.poll(() => hashPath(page)).toBe('/calculate/index');
    await context.close();
  });

  it('header search finds 数据管理 by typing 数据 and opens it', async () => {
    const token = await registerViaApi(env.server, '13900007004');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-search');
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.getByRole('button', { name: '搜索页面' }).click();
    await page.keyboard.type('数据');
    const option = page.locator('.ant-select-item-option').first();
    await expect.poll(() => option.innerText()).toBe('数据管理');
    await snap(page, 'shell-search');
    await option.click();
    await expect.poll(() => hashPath(page)).toBe('/data-manager/index');
    await context.close();
  });

  it('keeps the theme colour in a 30-day cookie and applies it after a reload; size defaults to medium', async () => {
    const token = await registerViaApi(env.server, '13900007005');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-theme');
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.getByTestId('app-main').waitFor();
    expect(await page.locator('[data-size]').first().getAttribute('data-size')).toBe('medium');
    await openSettings(page);
    await page.getByTestId('theme-picker').click();
    // The sixth preset is #13c2c2 (settings-panel.tsx).
    await page.locator('.ant-color-picker-presets-color').nth(5).click();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('#13c2c2');
    const cookie = (await context.cookies()).find((c) => c.name === 'theme')!;
    const days = (cookie.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await openSettings(page);
    const fixed = page.getByRole('switch', { name: '固定 Header' });
    await fixed.click();
    await page.mouse.move(5, 5);
    await expect.poll(() => fixed.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(19, 194, 194)');
    await snap(page, 'shell-theme');
    expect(await page.getByTestId('navbar').evaluate((e) => getComputedStyle(e).position)).toBe('sticky');

    // Sidebar logo off by default; size kept in its cookie.
    expect(await page.getByTestId('sidebar-logo').count()).toBe(0);
    await page.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await page.getByTestId('sidebar-logo').waitFor();
    await page.getByText('迷你', { exact: true }).click();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'size')?.value).toBe('mini');
    expect(await page.locator('[data-size]').first().getAttribute('data-size')).toBe('mini');
    await context.close();
  });

  it('says "you browser can not work" when full screen is unavailable', async () => {
    const token = await registerViaApi(env.server, '13900007006');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-fullscreen');
    await context.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.getByRole('button', { name: '全屏' }).click();
    await page.getByText('you browser can not work').waitFor();
    await context.close();
  });

  it('defects: no re-login box over the login page, ?token= before the hash, no ICP placeholder, 返回首页 on 404 and 401', async () => {
    const { context, page } = await newPage(env.browser);
    onFail(page, 'shell-defects');

    // A dead token: the guard opens /login, and no 确认登录 box covers it.
    await context.addCookies([{ name: 'Custom-Token', value: 'not-a-valid-token', url: env.server.url }]);
    await page.goto(`${env.server.url}/#/dashboard`);
    await expect.poll(() => hashPath(page)).toBe('/login');
    await page.getByText('登录状态无效，请重新登录').first().waitFor();
    await page.waitForTimeout(800);
    expect(await page.getByText('您的身份信息已失效，请重新登录').count()).toBe(0);

    // No ICP number configured: no record line, no placeholder.
    expect(await page.getByText('ICP备案号').count()).toBe(0);
    expect(await page.getByText('VITE_ICP').count()).toBe(0);

    // ?token= before the hash logs in like the hash query does.
    const token = await registerViaApi(env.server, '13900007007');
    await page.goto(`${env.server.url}/?token=${token}#/`);
    await expect.poll(() => page.url()).toBe(`${env.server.url}/#/`);
    expect((await context.cookies()).find((c) => c.name === 'Custom-Token')?.value).toBe(token);
    await page.goto(`${env.server.url}/#/dashboard`);
    await page.getByTestId('app-main').waitFor();
    expect(hashPath(page)).toBe('/dashboard');

    // A Chinese way back from the error pages.
    await page.goto(`${env.server.url}/#/no-such-page`);
    await page.getByText('Back to home').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect.poll(() => hashPath(page)).toBe('/');
    await page.goto(`${env.server.url}/#/401`);
    await page.getByRole('button', { name: '返回首页' }).waitFor();
    await context.close();
  });
});
