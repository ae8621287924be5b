// Bundles the CLI into dist/duescan.mjs and the chunks it loads on demand (dist/*-<hash>.mjs). Native addons
// (ast-grep) and packages that read their own data files at run time (pdfkit fonts) stay external and resolve from
// node_modules.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';

/**
 * `duescan --version` and `--help` must not load the scanner. The engine and the report renderer are reached only
 * through `await import()`, so esbuild initializes their modules on first use; but an external package imported
 * with ESM `import` is hoisted to the top of the bundle and loaded at startup (native addons, piscina, pdfkit and
 * fontkit's font tables: ~0.15 s). These externals are therefore turned into `require()` calls inside the lazy
 * modules (the banner's `require`), so they load when the engine or the renderer first runs.
 */
const LAZY_EXTERNALS = /^(@ast-grep\/.*|pdfkit|fontkit|piscina)$/;
const lazyExternals = {
  name: 'lazy-externals',
  setup(b) {
    b.onResolve({ filter: LAZY_EXTERNALS }, (args) =>
      args.namespace === 'lazy-external' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-external' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-external' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const result = await build({
  plugins: [lazyExternals],
  entryPoints: { duescan: 'src/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // the engine, the report renderer and the AI adapters are dynamic imports: each becomes a chunk that loads on
  // first use, so `--version` parses ~0.2 MB instead of 3 MB (their workers load this entry: src/load-engine.ts)
  splitting: true,
  chunkNames: '[name]-[hash]', // beside the entry: the renderer finds ../fonts from its own URL
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
// chunks of an earlier build carry other hashes: drop them after writing (a concurrent reader never sees none)
const written = new Set(Object.keys(result.metafile.outputs).map((o) => o.replace(/^dist\//, '')));
for (const f of readdirSync('dist', { withFileTypes: true })) if (f.isFile() && f.name.endsWith('.mjs') && !written.has(f.name)) rmSync(`dist/${f.name}`);
writeThirdPartyNotices(Object.keys(result.metafile.inputs), 'dist/THIRD-PARTY-NOTICES.txt', 'Third-party software bundled in duescan');

// The report renderer reads its embedded fonts from `../fonts/` relative to its own module URL; inside the bundle
// that URL is dist/duescan.mjs, so the fonts ship beside dist/ (packages/cli/fonts, a build output).
rmSync('fonts', { recursive: true, force: true });
cpSync('../report/src/fonts', 'fonts', { recursive: true });
