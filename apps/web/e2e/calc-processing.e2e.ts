// Browser test of issue 19's two screens: the calculation tools (/calculate/index, open to visitors)
// and the data-processing screen (logged-in users).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-e2e-calc-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function onFail(page: Page, name: string): void {
  onTestFailed(async () => {
    await snap(page, `failed-${name}`).catch(() => undefined);
    console.error(await page.locator('body').innerText().catch(() => ''));
  });
}

const CHISQ = 4103; // R×C 列联表 χ² 检验: a typed table of counts, at least two rows.

describe('calculation tools in the browser', () => {
  it('edits the table of a tool as a visitor, submits, shows and downloads the result; a bad cell gets the Chinese message', async () => {
    const { context, page } = await newPage(env.browser);
    onFail(page, 'calculate');
    await page.goto(`${env.server.url}/#/calculate/index`);
    await page.getByTestId('calculate-page').waitFor();
    // A visitor stays on the page (no login redirect); headings and the pinned tab are there.
    for (const h of ['工具列表', '数据输入', '结果展示', '参数配置']) await page.getByRole('heading', { name: h }).waitFor();
    expect(page.url()).toContain('#/calculate/index');
    await page.getByTestId('sidebar').getByText('计算工具').waitFor();

    // The first tool is chosen on load: a form-only tool, so the table area says no data selected.
    await page.locator('.ant-tree-node-selected').waitFor();
    await page.getByTestId('calc-no-data').getByText('暂未选择数据').waitFor();
    expect(await page.getByTestId('calc-download').isDisabled()).toBe(true);
    // Categories cannot be chosen.
    await page.getByTestId('calc-tree').getByText('列联表检验', { exact: true }).click();
    await page.getByTestId('calc-no-data').waitFor();

    await page.getByTestId(`calc-tool-${CHISQ}`).click();
    const table = page.getByTestId('calc-table');
    await table.waitFor();
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Column width: 14 px a character clamped to 80–300 (分组 → 80).
    const groupWidth = await table.getByRole('columnheader', { name: '分组' }).evaluate((th) => th.getBoundingClientRect().width);
    expect(Math.round(groupWidth)).toBe(80);

    // Edit a cell, add a row on the last row, then delete rows until one is left.
    const firstCount = rows.nth(0).getByRole('textbox', { name: '类别1' });
    expect(await firstCount.inputValue()).toBe('45');
    await firstCount.fill('50');
    expect(await rows.nth(2).getByRole('button', { name: '添加行' }).count()).toBe(1);
    expect(await rows.nth(0).getByRole('button', { name: '添加行' }).count()).toBe(0);
    await rows.nth(2).getByRole('button', { name: '添加行' }).click();
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(3).getByRole('textbox', { name: '分组' }).inputValue()).toBe('');
    for (let left = 4; left > 1; left--) {
      await rows.nth(left - 1).getByRole('button', { name: '删除行' }).click();
      await expect.poll(() => rows.count()).toBe(left - 1);
    }
    expect(await rows.nth(0).getByRole('button', { name: '删除行' }).isDisabled()).toBe(true);
    expect(await rows.nth(0).getByRole('textbox', { name: '类别1' }).inputValue()).toBe('50');

    // A second row again, typed in, and submit.
    await rows.nth(0).getByRole('button', { name: '添加行' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByRole('button', { name: '删除行' }).isDisabled()).toBe(false);
    const second = rows.nth(1);
    await second.getByRole('textbox', { name: '分组' }).fill('B药');
    await second.getByRole('textbox', { name: '类别1' }).fill('12');
    await second.getByRole('textbox', { name: '类别2' }).fill('33');
    await second.getByRole('textbox', { name: '类别3' }).fill('30');
    await page.getByTestId('calc-submit').click();
    const frame = page.frameLocator('[data-testid="calc-result-frame"]');
    await frame.locator('body').getByText('χ²', { exact: false }).first().waitFor();
    const resultText = await frame.locator('body').innerText();
    expect(resultText).toContain('Fisher');
    await snap(page, 'calculate-result');

    // 下载结果 saves the page under the name at the end of its address.
    expect(await page.getByTestId('calc-download').isDisabled()).toBe(false);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('calc-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    expect(saved).toContain('<html');
    expect(saved).toContain('Fisher');

    // Text in a count: the server's Chinese message naming the row and column.
    await second.getByRole('textbox', { name: '类别2' }).fill('abc');
    await page.getByTestId('calc-submit').click();
    await page.getByText('第 2 行“类别2”不是数字：abc').waitFor();

    // The help button opens the manual drawer.
    await page.getByTestId('calc-help').click();
    await page.getByTestId('manual-drawer-frame').waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('manual-drawer-frame').waitFor({ state: 'detached' });

    // Another tool and back: the table returns to the example, the result is gone.
    await page.getByTestId('calc-tree').locator('[data-testid^="calc-tool-"]').first().click();
    await page.getByTestId('calc-no-data').waitFor();
    await page.getByTestId(`calc-tool-${CHISQ}`).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).getByRole('textbox', { name: '类别1' }).inputValue()).toBe('45');
    expect(await page.getByTestId('calc-result-frame').count()).toBe(0);
    expect(await page.getByTestId('calc-download').isDisabled()).toBe(true);
    await snap(page, 'calculate-table');
    await context.close();
  }, 120_000);
});

describe('data processing in the browser', () => {
  it('uploads a CSV, sorts it with 排序 and shows the new file selected with its preview', async () => {
    const token = await registerViaApi(env.server, '13900019001');
    const { context, page } = await newPage(env.browser);
    onFail(page, 'processing');
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/data-manager/index`);
    await page.getByTestId('to-processing').click();
    await page.getByTestId('data-processing').waitFor();
    expect(page.url()).toContain('#/data-processing/index');
    await page.getByTestId('sidebar').getByText('数据处理').waitFor();

    // The guided tour has ten steps; its last names the AI models.
    await page.getByRole('button', { name: '操作指引' }).click();
    await page.getByText('1 / 10').waitFor();
    for (let i = 0; i < 9; i++) await page.locator('.ant-tour').getByRole('button', { name: /下一步|Next/ }).click();
    await page.getByText('10 / 10').waitFor();
    await page.locator('.ant-tour').getByText('KIMI、ChatGPT、DeepSeek', { exact: false }).waitFor();
    await page.locator('.ant-tour-close').click();

    const lines = ['编号,组别,血糖'];
    for (let i = 1; i <= 30; i++) lines.push(`${i},${i % 2 ? '治疗组' : '对照组'},${(4 + ((i * 7) % 30) / 10).toFixed(1)}`);
    const file = path.join(dir, '血糖.csv');
    fs.writeFileSync(file, lines.join('\n'));
    await page.locator('[data-testid="upload-area"] input[type=file]').setInputFiles(file);
    const selector = page.getByTestId('file-selector');
    await selector.getByText('血糖.csv').waitFor();
    await expect.poll(() => selector.locator('.ant-radio-wrapper-checked').innerText()).toBe('血糖.csv');
    await page.getByTestId('preview-table').getByRole('columnheader', { name: '血糖' }).waitFor();
    await page.getByTestId('variable-panel').getByText('组别').waitFor();

    // 排序: its fields list the file's columns once a method and a file are chosen.
    await page.getByTestId('method-5001').click();
    await page.getByText('参数设置 · 排序').waitFor();
    await page.getByTestId('field-by').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '血糖' }).click();
    await page.getByTestId('field-order').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '降序' }).click();
    await page.getByTestId('processing-submit').click();

    await page.getByText('排序完成，已生成新文件「血糖_排序.csv」').waitFor();
    await expect.poll(() => selector.locator('.ant-radio-wrapper-checked').innerText()).toBe('血糖_排序.csv');
    await selector.getByText('血糖.csv', { exact: true }).waitFor();
    // The preview is the new file: the highest value first.
    const max = Math.max(...lines.slice(1).map((l) => Number(l.split(',')[2])));
    await expect.poll(() => page.locator('[data-testid="preview-table"] tbody tr.ant-table-row').first().innerText()).toContain(max.toFixed(1));
    const link = page.getByTestId('processing-report-link');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(/^\/reports\/\w+/);
    await snap(page, 'data-processing');
    // The report opens in a new tab and says what was done.
    const [report] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect.poll(() => report.locator('body').innerText(), { timeout: 20_000 }).toContain('排序');
    await report.close();

    // 统计课堂 without a video, 操作手册 in a dialog.
    await page.getByRole('button', { name: '统计课堂' }).click();
    await page.getByText('暂无视频', { exact: true }).waitFor();
    await page.getByRole('button', { name: '操作手册' }).click();
    await page.frameLocator('[data-testid="processing-manual-frame"]').locator('body').getByText('排序', { exact: false }).first().waitFor();
    await page.locator('.ant-modal-close').click();

    // Deleting a file asks first.
    await selector.getByTestId('my-file').filter({ hasText: '血糖.csv' }).getByRole('button', { name: '删除' }).click();
    await page.getByText('此操作将永久删除该文件, 是否继续?').waitFor();
    await page.getByRole('button', { name: '确 定' }).click();
    await page.getByText('删除成功!').waitFor();
    await expect.poll(() => selector.getByTestId('my-file').count()).toBe(1);
    await context.close();
  }, 120_000);
});
