import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each workspace has its own vitest.config.ts (a "project").
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'apps/web/vitest.e2e.config.ts', 'bench/*/vitest.config.ts'],
  },
});
