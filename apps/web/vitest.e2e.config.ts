import { defineConfig } from 'vitest/config';

// Browser tests: Debian's chromium (playwright-core) against the real server serving the built app.
// They need apps/web/dist: the root `npm test` builds it first.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser per file; files one after another keep the 2-core machine responsive.
    fileParallelism: false,
  },
});
