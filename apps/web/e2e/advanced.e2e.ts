// The advanced tools in the browser (issue 23): the sidebar's 高级工具 items come from GET /menu,
// an item lists its tools with its category buttons, a starred tool shows in 高级工具收藏, an
// advanced member runs one on its example, and the task shows in 高级工具任务.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();
const hashPath = (url: string) => new URL(url).hash.replace(/^#/, '').split('?')[0];

describe('advanced tools in the browser', () => {
  it('menu items from the server, lists with categories, favourites, a run and its advanced task', async () => {
    const phone = '13900006001';
    const token = await registerViaApi(env.server, phone);
    const db = new SQLite(path.join(env.server.dataDir, 'labstat.db'));
    db.prepare('UPDATE users SET svip_life = 1 WHERE mobile = ?').run(phone);
    db.close();
    const { context, page } = await newPage(env.browser);
    onTestFailed(async () => {
      await snap(page, 'failed-advanced').catch(() => undefined);
      console.error(await page.locator('body').innerText().catch(() => ''));
    });
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/dashboard`);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('高级工具', { exact: true }).click();
    await sidebar.getByText('问卷研究').click();
    await expect.poll(() => hashPath(page.url())).toBe('/high-tool/wenjuan');
    await page.getByTestId('tool-list').waitFor();
    // 信度分析 (6003) is here; PCA (6001, 多元统计) is not.
    await page.getByTestId('tool-card-6003').waitFor();
    expect(await page.getByTestId('tool-card-6001').count()).toBe(0);
    // The item's categories are its buttons: 中介与调节 keeps the mediation tool and drops reliability.
    await page.getByTestId('class-level-1').getByRole('button', { name: '中介与调节' }).click();
    await page.getByTestId('tool-card-6008').waitFor();
    await expect.poll(() => page.getByTestId('tool-card-6003').count()).toBe(0);
    await snap(page, 'advanced-list');

    await page.getByTestId('tool-card-6008').getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByTestId('tool-card-6008').getByRole('button', { name: '取消收藏' }).waitFor();
    await page.goto(`${env.server.url}/#/collect/heigh-tool`);
    await page.getByTestId('tool-card-6008').waitFor();

    await page.getByTestId('tool-card-6008').getByRole('button', { name: '立即使用' }).click();
    await page.getByTestId('tool-detail').waitFor();
    await page.getByTestId('preview-table').waitFor();
    for (let i = 0; i < 4 && (await page.getByTestId('submit-tool').count()) === 0; i++) await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('submit-tool').click();
    const frame = page.frameLocator('[data-testid="report-frame"]');
    await frame.locator('table').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('analysis-progress').count(), { timeout: 30_000 }).toBe(0);

    await page.goto(`${env.server.url}/#/task/height-tool-task`);
    await page.getByTestId('task-list').getByText('中介效应').first().waitFor();
    await snap(page, 'advanced-tasks');
    await context.close();
  }, 180_000);
});
