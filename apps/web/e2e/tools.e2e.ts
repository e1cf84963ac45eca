import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

describe('tools in the browser', () => {
  it('lists tools, stars one, opens it, runs it on the example and shows the report', async () => {
    const token = await registerViaApi(env.server, '13900002222');
    const { context, page } = await newPage(env.browser);
    onTestFailed(async () => {
      await snap(page, 'failed-tools').catch(() => undefined);
      console.error(await page.locator('body').innerText().catch(() => ''));
    });
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/public-tool/med`);
    await page.getByTestId('tool-list').waitFor();
    await page.getByTestId('tool-card-1003').waitFor();
    await expect.poll(() => page.getByTestId('tool-count').textContent()).toMatch(/工具总数（\d+）/);
    // The first category (全部) is selected; a narrower one filters.
    await page.getByTestId('class-level-1').getByRole('button', { name: '差异检验' }).click();
    await page.getByTestId('class-level-2').getByRole('button', { name: '参数检验', exact: true }).click();
    await expect.poll(() => page.getByTestId('tool-card-1001').count()).toBe(0);
    await page.getByTestId('tool-card-1004').waitFor();
    // Star toggles optimistically and shows in favourites.
    await page.getByTestId('tool-card-1004').getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByTestId('tool-card-1004').getByRole('button', { name: '取消收藏' }).waitFor();
    await snap(page, 'tool-list');
    await page.goto(`${env.server.url}/#/collect/public-tool`);
    await page.getByTestId('collect-levels').getByText('医学统计工具').click();
    await page.getByTestId('tool-card-1004').waitFor();

    await page.goto(`${env.server.url}/#/public-tool/med`);
    await page.getByTestId('tool-card-1003').getByRole('button', { name: '立即使用' }).click();
    await page.getByTestId('tool-detail').waitFor();
    await page.getByTestId('file-selector').getByText('示例数据_降压药临床试验.csv').waitFor();
    await page.getByTestId('preview-table').getByRole('columnheader', { name: '治疗后收缩压' }).waitFor();
    await snap(page, 'tool-detail-data');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('manual-frame').waitFor();
    await page.getByTestId('step-form-100352').getByText('治疗后收缩压').waitFor();
    // Set a parameter: the confidence level goes to 90%.
    const levelInput = page.getByTestId('step-form-100352').getByRole('spinbutton');
    await levelInput.fill('0.9');
    await levelInput.blur();
    await page.getByTestId('submit-tool').click();
    await page.getByText('修改成功').waitFor();
    const frame = page.frameLocator('[data-testid="report-frame"]');
    await frame.getByText('表3 独立样本t检验').waitFor();
    await frame.getByText('差异有统计学意义').waitFor();
    await frame.getByText('可复现R代码').waitFor();
    await frame.getByRole('columnheader', { name: '90%CI' }).waitFor();
    await expect.poll(() => page.getByTestId('analysis-progress').count(), { timeout: 10_000 }).toBe(0);
    await snap(page, 'tool-detail-report');
    await context.close();
  }, 120_000);

  it('sends a missing or bad toolId to the visual tool list', async () => {
    const token = await registerViaApi(env.server, '13900002223');
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/#/tool/detail?toolId=0`);
    await expect.poll(() => page.url()).toContain('#/public-tool/visual');
    await page.getByTestId('tool-list').waitFor();
    await context.close();
  });
});
