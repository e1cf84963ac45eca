import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-e2e-files-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('data manager in the browser', () => {
  it('uploads a file, previews it with infinite scroll and variables, downloads and deletes it', async () => {
    const token = await registerViaApi(env.server, '13900001111');
    const { context, page } = await newPage(env.browser);
    onTestFailed(async () => {
      await snap(page, 'failed-data-manager').catch(() => undefined);
      console.error(await page.locator('body').innerText().catch(() => ''));
    });
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/data-manager/index`);
    await page.getByTestId('data-manager').waitFor();
    await page.getByTestId('sidebar').getByText('数据管理').waitFor();
    await page.getByText('还没有数据文件，请先上传').waitFor();

    const lines = ['编号,组别,年龄,血糖'];
    for (let i = 1; i <= 250; i++) lines.push(`${i},${i % 3 === 0 ? '对照组' : '治疗组'},${30 + (i % 40)},${(5 + (i % 7) / 10).toFixed(1)}`);
    const file = path.join(dir, '血糖数据.csv');
    fs.writeFileSync(file, lines.join('\n'));
    await page.locator('[data-testid="upload-area"] input[type=file]').setInputFiles(file);

    // The new file is listed and selected; the first page of 100 rows is shown.
    await page.getByTestId('file-list').getByText('血糖数据.csv').waitFor();
    await page.getByText('250 行 × 4 列').first().waitFor();
    const status = page.getByTestId('preview-status');
    await expect.poll(() => status.textContent()).toContain('已加载 100 / 250 行');
    await page.getByTestId('preview-table').getByRole('columnheader', { name: '血糖' }).waitFor();

    // Scrolling to the bottom loads the next page while rows remain.
    const body = page.locator('[data-testid="preview-table"] .ant-table-body');
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => status.textContent()).toContain('已加载 200 / 250 行');
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => status.textContent()).toMatch(/已加载 250 \/ 250 行$/);
    await page.getByTestId('preview-table').getByRole('cell', { name: '250', exact: true }).first().waitFor();

    const panel = page.getByTestId('variable-panel');
    await panel.getByText('组别').waitFor();
    await panel.getByText('分类型').waitFor();
    await expect(panel.getByText('数值型').count()).resolves.toBe(3);
    await snap(page, 'data-manager-preview');

    // Download of the original keeps its name.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载原文件' }).last().click()]);
    expect(download.suggestedFilename()).toBe('血糖数据.csv');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(lines.join('\n'));

    // Delete asks first; cancelling keeps the file.
    await page.getByTestId('delete-current').click();
    await page.getByText('此操作将永久删除该文件, 是否继续?').waitFor();
    await page.getByRole('button', { name: '取 消' }).click();
    // Wait for the first dialog to leave, so the next click lands on the new one.
    await page.getByText('此操作将永久删除该文件, 是否继续?').waitFor({ state: 'hidden' });
    await page.getByTestId('file-list').getByText('血糖数据.csv').waitFor();
    await page.getByTestId('delete-current').click();
    await page.getByText('此操作将永久删除该文件, 是否继续?').waitFor();
    await page.getByRole('button', { name: '确 定' }).click();
    await page.getByText('删除成功!').waitFor();
    await page.getByText('还没有数据文件，请先上传').waitFor();
    await context.close();
  });

  it('refuses a renamed image with the env.server message and keeps the list as it was', async () => {
    const token = await registerViaApi(env.server, '13900002222');
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/data-manager/index`);
    await page.getByText('还没有数据文件，请先上传').waitFor();
    const fake = path.join(dir, 'photo.csv');
    fs.writeFileSync(fake, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]));
    await page.locator('[data-testid="upload-area"] input[type=file]').setInputFiles(fake);
    await page.getByText('文件内容是PNG 图片，不是数据表：请上传 xlsx、xls 或 csv 文件').waitFor();
    await page.getByText('还没有数据文件，请先上传').waitFor();
    await context.close();
  });
});
