// Bundles the server into dist/main.js. Third-party packages stay external (resolved from node_modules at run
// time: native addons, WASM and data files load from their own folders); our workspace packages (@duescan/*)
// export TypeScript source, so they are bundled in. Migrations stay in ../drizzle, found via src/paths.ts.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// The report renderer reads its embedded fonts from `../fonts/` relative to its own module URL; inside the bundle
// that URL is dist/main.js, so the fonts ship beside dist/ (apps/server/fonts, a build output, git-ignored).
rmSync('fonts', { recursive: true, force: true });
cpSync('../../packages/report/src/fonts', 'fonts', { recursive: true });

const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@duescan/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [externalThirdParty],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
