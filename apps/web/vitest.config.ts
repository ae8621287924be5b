import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { buildData } from './build/build-data';

// react-router and react-router/dom must be the same module copy (one router context). Under vitest,
// 'react-router' would resolve to its CommonJS build and 'react-router/dom' to its ES build: pin both to ESM.
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/development');

// Unit tests of forms, validation and session logic in jsdom. Browser tests live in vitest.e2e.config.ts.
export default defineConfig({
  // The virtual modules of the build (sample reports, CLI checksums) from the same public/ folder.
  plugins: [react(), buildData(path.resolve(import.meta.dirname, 'public'))],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // Generous limits: the test machines are shared and often saturated (load far above core count).
    testTimeout: 20_000,
  },
});
