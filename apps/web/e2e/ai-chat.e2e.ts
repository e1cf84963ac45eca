// The AI chat in the browser (issue 17): open a report, ask the built-in interpreter with a
// question template, watch the streamed answer, switch to an external model (a local fake
// OpenAI-compatible API) whose invented number is marked, reopen the task and see the history.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { fakeProviders, startFakeOpenAi, type FakeOpenAi } from '../../server/src/test/fake-openai';
import { launchBrowser, newPage, registerViaApi, signIn, snap, startServer, type RunningServer } from './harness';

let fake: FakeOpenAi;
let server: RunningServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startServer({ AI_PROVIDERS: fakeProviders(fake.url) });
  const b = await launchBrowser();
  browser = b.browser;
  closeBrowser = b.close;
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await fake?.close();
});

describe('AI chat', () => {
  it('streams the built-in answer, marks an invented number from another model, and keeps the history', async () => {
    const token = await registerViaApi(server, '13900007777');
    const { context, page } = await newPage(browser);
    onTestFailed(async () => {
      await snap(page, 'failed-ai-chat').catch(() => undefined);
      console.error(await page.locator('body').innerText().catch(() => ''));
    });
    await signIn(context, server, token);

    // Run the t-test on its example from the tool detail.
    await page.goto(`${server.url}/#/tool/detail?toolId=1003`);
    await page.getByTestId('preview-table').getByRole('columnheader', { name: '治疗后收缩压' }).waitFor();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('step-form-100352').getByText('治疗后收缩压').waitFor();
    expect(await page.getByTestId('interpret-report').isDisabled()).toBe(true);
    await page.getByTestId('submit-tool').click();
    await page.frameLocator('[data-testid="report-frame"]').getByText('表3 独立样本t检验').waitFor();
    await expect.poll(() => page.getByTestId('analysis-progress').count(), { timeout: 10_000 }).toBe(0);

    // The built-in interpreter is the first model; a template fills the question.
    await page.getByTestId('interpret-report').click();
    const modelPicker = page.getByTestId('ai-model-picker');
    await expect.poll(() => modelPicker.innerText()).toContain('LabStat 解读');
    await page.getByTestId('ai-template-picker').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '论文写法' }).click();
    await expect.poll(() => page.getByPlaceholder('输入问题，Enter 发送，Shift + Enter 换行').inputValue()).toBe('如何在论文结果部分描述这个结果？');
    await page.getByTestId('ai-send').click();
    // While the answer streams the input is disabled and 停止 is offered.
    await page.getByTestId('ai-stop').waitFor();
    await page.getByTestId('ai-send').waitFor({ timeout: 20_000 });
    const first = page.getByTestId('ai-reply').first();
    await expect.poll(() => first.innerText()).toContain('论文中的写法');
    expect(await first.innerText()).toContain('2.383');
    await expect.poll(() => page.getByTestId('ai-model-note').first().innerText()).toContain('由 LabStat 解读 回答');
    expect(await page.getByTestId('ungrounded').count()).toBe(0);
    await snap(page, 'ai-chat-builtin');

    // Another model: its reply invents 0.77, which is marked with the tip.
    await modelPicker.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Fake-ok' }).click();
    await page.getByPlaceholder('输入问题，Enter 发送，Shift + Enter 换行').fill('结果说明了什么？');
    await page.getByTestId('ai-send').click();
    const mark = page.getByTestId('ungrounded');
    await mark.waitFor();
    expect(await mark.innerText()).toBe('0.77');
    expect(await mark.getAttribute('title')).toBe('此数值未在报告中出现，请核对');
    expect(await page.getByTestId('ai-model-note').nth(1).innerText()).toContain('由 Fake-ok 回答');
    await snap(page, 'ai-chat-marked');

    // Reopen the task: the history comes back, marks included.
    await page.goto(`${server.url}/#/task/public-tool-task`);
    await page.getByTestId('task-view').first().click();
    await expect.poll(() => page.url()).toContain('taskId=');
    await page.getByTestId('interpret-report').click();
    await expect.poll(() => page.getByTestId('ai-message-user').count()).toBe(2);
    expect(await page.getByTestId('ai-message-system').count()).toBe(2);
    expect(await page.getByTestId('ungrounded').innerText()).toBe('0.77');
    expect(await page.getByTestId('ai-reply').first().innerText()).toContain('论文中的写法');
    await context.close();
  }, 120_000);
});
