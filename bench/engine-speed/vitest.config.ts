import { defineConfig } from 'vitest/config';

// Unit tests of bench/engine-speed; run with `npx vitest run --config bench/engine-speed/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench-engine-speed', root: import.meta.dirname, include: ['*.test.ts'] },
});
