// Browser tests: headless Debian Chromium (playwright-core) against the built app and a real server.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A busy CI machine can take more than the default second to move a page along.
    expect: { poll: { timeout: 15_000 } },
  },
});
