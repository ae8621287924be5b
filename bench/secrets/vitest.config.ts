import { defineConfig } from 'vitest/config';

// The secrets benchmark's own unit tests (label parsing, scoring); run with
// `npx vitest run --config bench/secrets/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench-secrets', root: import.meta.dirname, include: ['*.test.ts'] },
});
