// The report page's figure options (issue 21): changing the palette, size and titles re-draws the
// chart at once without a new analysis, the choice is remembered, and every download follows it.
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

/** Runs the box plot on its example file over HTTP; returns the report id. */
async function runBoxplot(token: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-csrftoken': token };
  const base = await (await fetch(`${env.server.url}/anatools/config/base?toolId=2001`, { headers })).json();
  const data = base.data.step[0];
  const form = base.data.step[1];
  const fid = data.exampleFile[0]._fid as string;
  const values = { y: '体重增量', group: '组别', points: true, marks: 'parametric' };
  const body = { taskId: null, toolId: 2001, file: { data: fid }, form: [{ data: values, identification: form.identification, toolId: 2001, stepId: form.id }], stepId: form.id };
  const r = await (await fetch(`${env.server.url}/anatools/v2`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  if (r.code !== 200) throw new Error(r.msg);
  return r.data.reportid as string;
}

describe('figure options on the report page', () => {
  it('re-draws with the Lancet palette and a new title, remembers it, and downloads follow it', async () => {
    const token = await registerViaApi(env.server, '13900008001');
    const reportid = await runBoxplot(token);
    const { context, page } = await newPage(env.browser);
    onTestFailed(async () => {
      await snap(page, 'failed-figures').catch(() => undefined);
    });
    await signIn(context, env.server, token);
    await page.goto(`${env.server.url}/reports/${reportid}`);
    const svg = page.locator('.echart svg').first();
    await svg.waitFor();
    // Okabe–Ito by default: its first colour fills the first box's border.
    const colours = () => svg.evaluate((el) => el.outerHTML.toLowerCase());
    await expect.poll(colours).toMatch(/#e69f00|rgb\(230,\s*159,\s*0\)/);

    await page.getByTestId('figure-panel').locator('summary').click();
    const form = page.locator('#figure-form');
    await form.locator('select[name=palette]').selectOption('lancet');
    await expect.poll(colours).toMatch(/#00468b|rgb\(0,\s*70,\s*139\)/);
    await form.locator('input[name=title]').fill('图 1 三组体重增量');
    await form.locator('input[name=title]').dispatchEvent('change');
    await expect.poll(colours).toContain('图 1 三组体重增量');
    await form.locator('input[name=sigMarks]').uncheck();
    await expect.poll(colours).not.toContain('***');
    await snap(page, 'report-figure-options');

    const png = page.getByTestId('chart-png600').first();
    await expect.poll(() => png.getAttribute('href')).toContain('?fo=');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-tiff').first().click()]);
    expect(download.suggestedFilename()).toMatch(/_图1\.tif$/);

    // Remembered for the next report page of this browser.
    await page.reload();
    await page.locator('.echart svg').first().waitFor();
    await expect.poll(colours).toMatch(/#00468b|rgb\(0,\s*70,\s*139\)/);
    await page.getByTestId('figure-panel').locator('summary').click();
    await page.locator('#figure-reset').click();
    await expect.poll(colours).toMatch(/#e69f00|rgb\(230,\s*159,\s*0\)/);
    await context.close();
  });
});
