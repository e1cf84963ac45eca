import fs from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

/** Runs the independent-samples t-test on its example file over HTTP; returns the task id. */
async function runTtest(token: string, level: number): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-csrftoken': token };
  const base = await (await fetch(`${env.server.url}/anatools/config/base?toolId=1003`, { headers })).json();
  const fid = base.data.step[0].exampleFile[0]._fid as string;
  const data = { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level };
  const body = { taskId: null, toolId: 1003, file: { data: fid }, form: [{ data, identification: 'params', toolId: 1003, stepId: 100352 }], stepId: 100352 };
  const r = await (await fetch(`${env.server.url}/anatools/v2`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  if (r.code !== 200) throw new Error(r.msg);
  return r.data.taskid as string;
}

describe('task center and report outputs in the browser', () => {
  it('re-opens an old task, downloads Word and Excel, shares and revokes a link, deletes a task', async () => {
    const token = await registerViaApi(env.server, '13900003333');
    const older = await runTtest(token, 0.9);
    await new Promise((r) => setTimeout(r, 1100));
    const newer = await runTtest(token, 0.95);
    const { context, page } = await newPage(env.browser);
    onTestFailed(async () => {
      await snap(page, 'failed-tasks').catch(() => undefined);
      console.error(await page.locator('body').innerText().catch(() => ''));
    });
    page.on('dialog', (d) => void d.accept());
    await signIn(context, env.server, token);

    await page.goto(`${env.server.url}/#/task`);
    await expect.poll(() => page.url()).toContain('#/task/public-tool-task');
    const table = page.getByTestId('task-list');
    await table.getByText(newer).waitFor();
    await table.getByText(older).waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: '独立样本t检验' }).count()).toBe(2);
    await snap(page, 'task-center');
    await table.getByRole('tab', { name: '失败' }).click();
    await table.getByText('暂无失败的任务').waitFor();
    await table.getByRole('tab', { name: '成功' }).click();
    await table.getByText(older).waitFor();

    // View the older task: the tool detail re-shows its report (90% CI) and its form.
    await table.getByRole('row').filter({ hasText: older }).getByTestId('task-view').click();
    await expect.poll(() => page.url()).toContain(`taskId=${older}`);
    const frame = page.frameLocator('[data-testid="report-frame"]');
    await frame.getByRole('columnheader', { name: '90%CI' }).waitFor();
    await expect.poll(() => page.getByTestId('step-form-100352').getByRole('spinbutton').inputValue()).toMatch(/^0\.90?$/);

    // Word through the Download button, saved under the name at the end of the URL.
    const [word] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-report').click()]);
    expect(word.suggestedFilename()).toMatch(/^独立样本t检验_\d{8}\.docx$/);
    const wordPath = await word.path();
    const doc = await (await JSZip.loadAsync(fs.readFileSync(wordPath))).file('word/document.xml')!.async('string');
    expect(doc).toContain('90%CI');
    expect(doc).toContain('<w:tbl>');

    // Excel from the report page's toolbar.
    const [excel] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('download-xlsx').click()]);
    expect(excel.suggestedFilename()).toMatch(/^独立样本t检验_\d{8}\.xlsx$/);
    expect(fs.readFileSync(await excel.path()).subarray(0, 2).toString()).toBe('PK');

    // Share: a visitor without login opens the link; after revoking, the link says so.
    await frame.getByTestId('share-create').click();
    await expect.poll(() => frame.getByTestId('share-url').inputValue()).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
    const link = await frame.getByTestId('share-url').inputValue();
    const visitor = await newPage(env.browser);
    await visitor.page.goto(link);
    await visitor.page.getByText('通过分享链接查看').waitFor();
    await visitor.page.getByRole('columnheader', { name: '90%CI' }).waitFor();
    await snap(visitor.page, 'shared-report');
    await frame.getByTestId('share-revoke').click();
    await frame.getByTestId('share-create').waitFor();
    await visitor.page.reload();
    await visitor.page.getByText('该分享链接已被撤销').waitFor();
    await visitor.context.close();

    // Delete the newer task after the confirmation.
    await page.goto(`${env.server.url}/#/task/public-tool-task`);
    await table.getByText(newer).waitFor();
    await table.getByRole('row').filter({ hasText: newer }).getByTestId('task-delete').click();
    await page.getByText('确定删除吗？').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => table.getByText(newer).count()).toBe(0);
    await table.getByText(older).waitFor();
    await context.close();
  }, 120_000);
});
