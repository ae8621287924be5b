import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';

/** The bundled packages' licence notices, served beside the app (a bundle drops their LICENSE files). */
function thirdPartyNotices(): Plugin {
  return {
    name: 'duescan-third-party-notices',
    apply: 'build',
    writeBundle(options) {
      writeThirdPartyNotices(this.getModuleIds(), path.join(options.dir ?? 'dist', 'third-party-notices.txt'), 'Third-party software in the DueScan web app');
    },
  };
}

// The built app is served by apps/server on the same origin; in dev, Vite proxies the API to it.
export default defineConfig({
  plugins: [react(), tailwindcss(), thirdPartyNotices()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
