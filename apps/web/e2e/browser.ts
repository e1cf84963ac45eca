// Debian's Chromium with the flags this machine needs, for the browser tests and the benches (no
// test runner here, so a bench can import it).
import { chromium, type Browser } from 'playwright-core';

export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  // playwright-core gives every launch() a new empty --user-data-dir of its own (it refuses one
  // passed in args), so each run starts from a fresh profile as the flags below intend.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}
