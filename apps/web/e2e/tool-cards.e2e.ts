// Walks every tool card added after the first twelve (issue 16): open its detail page, keep its
// example data, submit its defaults and see a report — as a user trying each new tool would.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { TOOLS } from '@labstat/tools';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newPage, registerViaApi, signIn, snap, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

/** The tools that existed before issue 16; they have journeys of their own in tools.e2e.ts. */
const FIRST_TWELVE = new Set([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 2001, 2002]);
/** TOOL_CARDS=6016,6017 walks only those cards (a quick look at new tools); unset: all of them. */
const ONLY = new Set((process.env.TOOL_CARDS ?? '').split(',').filter(Boolean).map(Number));
const NEW_TOOLS = TOOLS.map((t) => t.definition).filter((d) => !FIRST_TWELVE.has(d.id) && (ONLY.size === 0 || ONLY.has(d.id)));

describe('every new tool card runs on its example in the browser', () => {
  it(`${NEW_TOOLS.length} tools: detail, example data, defaults, report`, async () => {
    const phone = '13900007777';
    const token = await registerViaApi(env.server, phone);
    // Members' tools need a membership; the commerce flow is its own issue, so grant one directly.
    const db = new SQLite(path.join(env.server.dataDir, 'labstat.db'));
    db.prepare('UPDATE users SET vip_life = 1, svip_life = 1 WHERE mobile = ?').run(phone);
    db.close();
    const { context, page } = await newPage(env.browser);
    let current = '';
    onTestFailed(async () => {
      await snap(page, `failed-tool-card-${current}`).catch(() => undefined);
      console.error(current, await page.locator('body').innerText().catch(() => ''));
    });
    await signIn(context, env.server, token);
    for (const d of NEW_TOOLS) {
      current = d.key;
      await page.goto(`${env.server.url}/#/tool/detail?toolId=${d.id}`);
      await page.getByTestId('tool-detail').waitFor();
      await page.getByTestId('preview-table').waitFor();
      // Data step → parameter step(s) → submit.
      for (let i = 0; i < 4 && (await page.getByTestId('submit-tool').count()) === 0; i++) {
        await page.getByRole('button', { name: '下一步' }).click();
      }
      const frameSrc = () => page.locator('[data-testid="report-frame"]').getAttribute('src', { timeout: 1000 }).catch(() => null);
      const before = await frameSrc();
      await page.getByTestId('submit-tool').click();
      // A new report, not the previous tool's frame or toast.
      await expect.poll(frameSrc, { timeout: 60_000 }).toMatch(/\/reports\/[0-9a-f]+/);
      await expect.poll(frameSrc, { timeout: 60_000 }).not.toBe(before);
      const frame = page.frameLocator('[data-testid="report-frame"]');
      await frame.locator('table').first().waitFor();
      // What the report says, without its R code (which may mention R's own NaN).
      const said = await frame.locator('body').evaluate((b) => {
        const copy = b.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('pre, code').forEach((el) => el.remove());
        return copy.textContent ?? '';
      });
      expect(said, d.key).not.toMatch(/NaN|undefined|\[object Object\]/);
      await expect.poll(() => page.getByTestId('analysis-progress').count(), { timeout: 30_000 }).toBe(0);
    }
    await context.close();
    // About 80 tools, a few with bootstrap or cross-validation: a generous limit on two cores.
  }, 1_500_000);
});
