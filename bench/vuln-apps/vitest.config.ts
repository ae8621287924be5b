import { defineConfig } from 'vitest/config';

// The vuln-apps benchmark's own unit tests (label matching, label files); run with
// `npx vitest run --config bench/vuln-apps/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench-vuln-apps', root: import.meta.dirname, include: ['*.test.ts'] },
});
