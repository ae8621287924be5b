// Writes the licence notices of the third-party packages a bundle contains (the CLI's esbuild bundle, the web
// app's Vite build): MIT, BSD and Apache-2.0 all ask that their notice travel with copies of the code, and a
// bundle drops the packages' own LICENSE files. Input: the module paths that went into the bundle.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The package root of a module path inside node_modules (scoped or not), else null. */
function packageRoot(modulePath) {
  const normalized = modulePath.replace(/\\/g, '/').replace(/^\0+/, '').split('?')[0];
  const at = normalized.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = normalized.slice(at + '/node_modules/'.length).split('/');
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  return normalized.slice(0, at + '/node_modules/'.length) + rest.slice(0, depth).join('/');
}

function noticeFiles(root) {
  return readdirSync(root)
    .filter((f) => /^(licen[cs]e|notice|copying)(\..*)?$/i.test(f))
    .sort()
    .map((f) => readFileSync(path.join(root, f), 'utf8').trim());
}

/**
 * @param {Iterable<string>} modulePaths absolute (or cwd-relative) paths of the bundled modules
 * @param {string} outFile where the notices go
 * @returns {number} how many packages are listed
 */
export function writeThirdPartyNotices(modulePaths, outFile, title) {
  const roots = new Set();
  for (const p of modulePaths) {
    const root = packageRoot(path.resolve(p));
    if (root && existsSync(path.join(root, 'package.json'))) roots.add(root);
  }
  const entries = [...roots]
    .map((root) => {
      const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
      return { name: pkg.name, version: pkg.version, license: pkg.license ?? 'see notice', texts: noticeFiles(root) };
    })
    // The same package version can sit in two node_modules folders: list it once.
    .filter((e, i, all) => all.findIndex((o) => o.name === e.name && o.version === e.version) === i)
    .sort((a, b) => a.name.localeCompare(b.name));
  const body = entries
    .map((e) => [`${e.name} ${e.version} (${e.license})`, ...(e.texts.length ? e.texts : ['(no licence file in the package)'])].join('\n\n'))
    .join(`\n\n${'-'.repeat(78)}\n\n`);
  writeFileSync(outFile, `${title}\n${'='.repeat(title.length)}\n\n${body}\n`);
  return entries.length;
}
