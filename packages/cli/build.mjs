// Bundles the CLI into one file, dist/duescan.mjs. Native addons (ast-grep) and packages that read their own
// data files at run time (pdfkit fonts) stay external and resolve from node_modules.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';

const result = await build({
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
  metafile: true,
});
writeThirdPartyNotices(Object.keys(result.metafile.inputs), 'dist/THIRD-PARTY-NOTICES.txt', 'Third-party software bundled in duescan');

// The report renderer reads its embedded fonts from `../fonts/` relative to its own module URL; inside the bundle
// that URL is dist/duescan.mjs, so the fonts ship beside dist/ (packages/cli/fonts, a build output).
rmSync('fonts', { recursive: true, force: true });
cpSync('../report/src/fonts', 'fonts', { recursive: true });
