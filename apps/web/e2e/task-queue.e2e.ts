// A person on a busy server (one analysis worker held by another user's slow job): the progress
// overlay and the task center say 排队中 with the place in the queue, the analysis then runs and
// finishes, and the task center shows why a failed task failed.
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser({ JOB_CONCURRENCY: '1', JOB_ALLOW_FAULTS: '1', JOB_TIMEOUT_S: '20' });

/** Posts the independent-samples t-test on its example file; `fault` breaks the job on purpose. */
function postTtest(token: string, fault?: 'hang' | 'crash'): Promise<{ code: number; msg: string; data: { taskid: string } }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-csrftoken': token, ...(fault ? { 'x-labstat-fault': fault } : {}) };
  return (async () => {
    const base = await (await fetch(`${env.server.url}/anatools/config/base?toolId=1003`, { headers })).json();
    const fid = base.data.step[0].exampleFile[0]._fid as string;
    const data = { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 };
    const body = { taskId: null, toolId: 1003, file: { data: fid }, form: [{ data, identification: 'params', toolId: 1003, stepId: 100352 }], stepId: 100352 };
    return (await fetch(`${env.server.url}/anatools/v2`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  })();
}

describe('a busy analysis queue in the browser', () => {
  it('shows 排队中 with the place in the overlay and the task center, then the result; and why a task failed', async () => {
    const token = await registerViaApi(env.server, '13900004441');
    const other = await registerViaApi(env.server, '13900004442');
    // One failed task of the person's own: the worker died under it.
    const crashed = await postTtest(token, 'crash');
    expect(crashed.code).toBe(500);

    const { context, page } = await newPage(env.browser);
    onTestFailed(async () => {
      await snap(page, 'failed-task-queue').catch(() => undefined);
      console.error(await page.locator('body').innerText().catch(() => ''));
    });
    await signIn(context, env.server, token);

    // The task center says why the failed task failed, without hovering.
    await page.goto(`${env.server.url}/#/task/public-tool-task`);
    const table = page.getByTestId('task-list');
    await table.getByTestId('task-failure-reason').getByText(/分析过程异常终止/).waitFor();

    // Another user's slow job takes the only worker.
    const slow = postTtest(other, 'hang');
    await expect
      .poll(async () => {
        const r = await fetch(`${env.server.url}/user/task/tool?status=${encodeURIComponent('分析中')}`, { headers: { 'x-csrftoken': other } });
        const list = (await r.json()).data.task_list as Array<{ queued: boolean }>;
        return list.length === 1 && !list[0]!.queued;
      })
      .toBe(true);

    await page.goto(`${env.server.url}/#/tool/detail?toolId=1003`);
    await page.getByTestId('tool-detail').waitFor();
    await page.getByTestId('file-selector').getByText('示例数据_降压药临床试验.csv').waitFor();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('step-form-100352').getByText('治疗后收缩压').waitFor();
    await page.getByTestId('submit-tool').click();
    const overlay = page.getByTestId('analysis-progress');
    await overlay.getByText('排队中（第 1 位）').waitFor();
    await snap(page, 'analysis-queued');

    // Meanwhile, in another window, the task center shows the same.
    const other2 = await newPage(env.browser);
    const second = other2.page;
    await signIn(other2.context, env.server, token);
    await second.goto(`${env.server.url}/#/task/public-tool-task`);
    const queued = second.getByTestId('task-list').getByTestId('task-queued');
    await queued.getByText('排队中（第 1 位）').waitFor();
    await snap(second, 'task-center-queued');

    // The slow job reaches its deadline; the person's analysis runs and finishes.
    expect((await slow).msg).toContain('分析超时');
    await page.getByText('修改成功').waitFor({ timeout: 30_000 });
    await page.frameLocator('[data-testid="report-frame"]').getByText('表3 独立样本t检验').waitFor();
    await expect.poll(() => queued.count()).toBe(0);
    await expect.poll(() => second.getByTestId('task-list').locator('.ant-table-tbody').getByText('成功', { exact: true }).count()).toBe(1);
    await other2.context.close();
    await context.close();
  }, 120_000);
});
