import { defineConfig } from 'vitest/config';

// Unit tests of bench/anchors; run with `npx vitest run --config bench/anchors/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench-anchors', root: import.meta.dirname, include: ['*.test.ts'] },
});
