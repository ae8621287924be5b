import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests of forms, validation and session logic in jsdom. Browser tests live in vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
