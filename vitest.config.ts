// Unit and server integration tests; browser tests have their own config in apps/web/e2e.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['labstat-source'] },
  ssr: { resolve: { conditions: ['labstat-source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
