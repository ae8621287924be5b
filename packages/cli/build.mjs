// Bundles the CLI into one file, dist/duescan.mjs. Native addons (ast-grep) and packages that read their own
// data files at run time (pdfkit fonts) stay external and resolve from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { duescan: 'src/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  external: ['@ast-grep/*', 'pdfkit', 'fontkit', 'piscina', 'tsx'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
