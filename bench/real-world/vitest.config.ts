import { defineConfig } from 'vitest/config';

// The real-world benchmark's own unit tests (triage arithmetic, manifest checks); run with
// `npx vitest run --config bench/real-world/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench-real-world', root: import.meta.dirname, include: ['*.test.ts'] },
});
