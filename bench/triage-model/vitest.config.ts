import { defineConfig } from 'vitest/config';

// The triage-model bench's own tests (verdict matching, weights reproducible from dataset.jsonl); run with
// `npx vitest run --config bench/triage-model/vitest.config.ts`.
export default defineConfig({
  test: { name: 'bench-triage-model', root: import.meta.dirname, include: ['*.test.ts'], testTimeout: 60_000 },
});
