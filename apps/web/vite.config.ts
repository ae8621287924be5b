import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';
import { buildData } from './build/build-data';
import { LANDING_ISLAND } from './build/paths';

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

/**
 * @duescan/contracts is plain data and schemas: importing one constant must not pull in every zod schema (the
 * landing page uses a few strings and the plan table, not the HTTP contract). Its modules have no side effects.
 */
function contractsAreSideEffectFree(id: string): boolean | undefined {
  return id.includes(`${path.sep}packages${path.sep}contracts${path.sep}`) ? false : undefined;
}

// The built app is served by apps/server on the same origin; in dev, Vite proxies the API to it.
// `vite build` writes the browser app to dist/; `vite build --ssr` (scripts/prerender.ts) the build-time renderer.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), buildData(path.resolve(import.meta.dirname, 'public')), ...(isSsrBuild ? [] : [thirdPartyNotices()])],
  build: isSsrBuild
    ? { outDir: 'dist-prerender', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // scripts/prerender.ts reads the manifest to give the prerendered landing page its island script.
        manifest: true,
        rollupOptions: {
          input: { main: path.resolve(import.meta.dirname, 'index.html'), landing: path.resolve(import.meta.dirname, LANDING_ISLAND) },
          treeshake: { moduleSideEffects: (id: string) => contractsAreSideEffectFree(id) ?? true },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
