// Supply-chain pack: install hooks that download and run code, dependencies from unauthenticated or unpinned
// sources, package indexes over plain HTTP / dependency confusion, curl-pipe-shell in Dockerfiles.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonSectionEntries, lineHit, scanLines } from '../patterns/text-scan';
import { OWASP, cweRef, defineRules, owaspRef } from './meta';
import { DOCKERFILE } from '../../config/dockerfile';

const PACKAGE_JSON = /(^|\/)package\.json$/;
const REQUIREMENTS = /(^|\/)[\w.-]*requirements[\w.-]*\.(txt|in)$|(^|\/)constraints[\w.-]*\.txt$/;
const DEP_SECTIONS = new Set(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']);
const INSTALL_HOOKS = /^(preinstall|install|postinstall|prepare|prepublish|preprepare|postprepare)$/;
// `bash <(curl ...)` and `sh -c "$(curl ...)"` run a download too; `apt-get install bash curl` does not
const PIPE_TO_SHELL = /\b(curl|wget|iwr|Invoke-WebRequest)\b[^|;&]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b|\b(ba|z|da|k)?sh\s+(<\(\s*|-c\s+["']?\$\(\s*)(curl|wget)\b|\|\s*(iex|Invoke-Expression)\b/i;
const GIT_DEP = /^(git(\+[a-z]+)?:\/\/|git@|github:|gitlab:|bitbucket:|[\w-]+\/[\w.-]+(#.*)?$)/i;
// a commit hash, full or abbreviated (git and the lockfile resolve `#69d47d1` to one commit; branch and tag names are
// words, not 7+ hex digits with a digit among them)
const PINNED_SHA = /#(?=[a-f]*\d)[0-9a-f]{7,40}$/i;

/** Top-level packages an npm lockfile (v1-v3) resolves to a git commit: `...git#<40 hex>`. Null without a lockfile. */
function lockedGitCommits(lockPath: string): Set<string> | null {
  let lock: { packages?: Record<string, { resolved?: string; version?: string }>; dependencies?: Record<string, { version?: string; resolved?: string }> };
  try {
    lock = JSON.parse(readFileSync(lockPath, 'utf8')) as typeof lock;
  } catch {
    return null;
  }
  const commit = (s: string | undefined) => !!s && /#[0-9a-f]{40}$/i.test(s);
  const out = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    const name = key.startsWith('node_modules/') ? key.slice('node_modules/'.length) : null;
    if (name && !name.includes('/node_modules/') && (commit(entry.resolved) || commit(entry.version))) out.add(name);
  }
  for (const [name, entry] of Object.entries(lock.dependencies ?? {})) if (commit(entry.version) || commit(entry.resolved)) out.add(name);
  return out;
}

/**
 * Names of the git dependencies a yarn.lock resolves to a commit: yarn v1 (`"name@git+https://…":` then
 * `resolved "git+https://…#<sha>"`) and Berry (`resolution: "name@https://…#commit=<sha>"`); null without the file.
 */
function yarnLockedGitCommits(lockPath: string): Set<string> | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
  const out = new Set<string>();
  let names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\S.*:$/.test(line) && !line.startsWith('#')) {
      // a block's header lists its specs: `"a@x", a@y:`; a name ends at the '@' that starts the spec (scopes start with '@')
      names = line.slice(0, -1).split(/,\s*/).map((spec) => spec.replace(/^"|"$/g, '')).map((spec) => spec.slice(0, spec.indexOf('@', 1))).filter(Boolean);
    } else if (/^\s+(resolved|resolution:?)\s+"[^"]*#(commit=)?[0-9a-f]{40}"/i.test(line) && /(git|github|gitlab|bitbucket)/i.test(line)) {
      for (const n of names) out.add(n);
    }
  }
  return out;
}

const integrityRefs = [cweRef(494, 'Download of Code Without Integrity Check'), owaspRef('A08')];
const pinRefs = [cweRef(829, 'Inclusion of Functionality from Untrusted Control Sphere'), owaspRef('A08'), { title: 'npm docs: git URLs as dependencies', url: 'https://docs.npmjs.com/cli/v10/configuring-npm/package-json#git-urls-as-dependencies' }];

export const supplyChainRules = defineRules([
  {
    id: 'npm.supply-chain.install-script-downloads-code',
    title: 'npm install hook downloads and runs code',
    pack: 'supply-chain',
    languages: ['npm-manifest'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-494'],
    owasp: [OWASP.A08],
    message: 'A preinstall/install/postinstall/prepare script pipes a download into a shell.',
    impact: 'Every install runs whatever the remote server returns today, on developer machines and CI.',
    fix: { guidance: 'Vendor or pin the tool as a dependency with a lockfile integrity hash; do not pipe downloads into a shell.', example: '"scripts": { "postinstall": "node scripts/setup.js" }' },
    references: integrityRefs,
    text: {
      files: PACKAGE_JSON,
      keywords: ['install', 'prepare', 'prepublish'],
      scan: (text) => jsonSectionEntries(text, new Set(['scripts'])).filter((e) => INSTALL_HOOKS.test(e.key) && PIPE_TO_SHELL.test(e.value)).map((e) => lineHit(e.line, e.raw)),
    },
  },
  {
    id: 'npm.supply-chain.insecure-dependency-url',
    title: 'Dependency fetched over an unauthenticated protocol',
    pack: 'supply-chain',
    languages: ['npm-manifest'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-494'],
    owasp: [OWASP.A08],
    message: 'A dependency is fetched over http:// or git://, which anyone on the network path can tamper with.',
    impact: 'A man in the middle can substitute malicious code for the dependency at install time.',
    fix: { guidance: 'Use the registry or https:// URLs with a pinned version and lockfile integrity.', example: '"lib": "git+https://github.com/org/lib.git#3f2c1e8c9a4b5d6e7f8091a2b3c4d5e6f7a8b9c0"' },
    references: integrityRefs,
    text: {
      files: PACKAGE_JSON,
      keywords: ['http://', 'git://'],
      scan: (text) => jsonSectionEntries(text, DEP_SECTIONS).filter((e) => /^(git\+)?(http|git):\/\//i.test(e.value)).map((e) => lineHit(e.line, e.raw)),
    },
  },
  {
    id: 'npm.supply-chain.unpinned-git-dependency',
    title: 'Git dependency not pinned to a commit',
    pack: 'supply-chain',
    languages: ['npm-manifest'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-829'],
    owasp: [OWASP.A08],
    message: 'A dependency points at a git repository branch or tag instead of a commit hash.',
    impact: 'Whoever can push to that repository changes the code you install, without any review on your side.',
    fix: { guidance: 'Pin to a full 40-character commit hash, or publish the package to a registry and use a version.', example: '"lib": "github:org/lib#3f2c1e8c9a4b5d6e7f8091a2b3c4d5e6f7a8b9c0"' },
    references: pinRefs,
    text: {
      files: PACKAGE_JSON,
      keywords: ['git', '/'],
      scan: (text, _path, absPath) => {
        const unpinned = jsonSectionEntries(text, DEP_SECTIONS).filter(
          (e) => GIT_DEP.test(e.value) && !/^(https?:\/\/)/.test(e.value) && !PINNED_SHA.test(e.value) && !/^(file|link|workspace|npm|portal):/.test(e.value),
        );
        // npm ci and npm install both install the commit the lockfile resolved the branch or tag to
        // (yarn install --frozen-lockfile / --immutable likewise, from yarn.lock)
        const locked = unpinned.length && absPath ? [lockedGitCommits(join(dirname(absPath), 'package-lock.json')), yarnLockedGitCommits(join(dirname(absPath), 'yarn.lock'))] : [];
        return unpinned.filter((e) => !locked.some((l) => l?.has(e.key))).map((e) => lineHit(e.line, e.raw));
      },
    },
  },
  {
    id: 'pip.supply-chain.insecure-index',
    title: 'Package index over plain HTTP or trusted without TLS',
    pack: 'supply-chain',
    languages: ['pip-requirements'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-494'],
    owasp: [OWASP.A08],
    message: 'A requirements file uses an http:// package index or --trusted-host, so packages are fetched without TLS verification.',
    impact: 'A man in the middle can serve malicious packages at install time.',
    fix: { guidance: 'Use https:// indexes with certificate verification; remove --trusted-host.', example: '--index-url https://pypi.example.com/simple' },
    references: integrityRefs,
    text: {
      files: REQUIREMENTS,
      keywords: ['http://', 'trusted-host'],
      scan: (text) => scanLines(text, (l) => /^\s*(--(extra-)?index-url|-i|--find-links|-f)[=\s]+http:\/\//.test(l) || /^\s*--trusted-host\b/.test(l)),
    },
  },
  {
    id: 'pip.supply-chain.extra-index-url',
    title: 'Extra package index (dependency confusion)',
    pack: 'supply-chain',
    languages: ['pip-requirements'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-427'],
    owasp: [OWASP.A08],
    message: '--extra-index-url makes pip pick the highest version from either index, including public PyPI.',
    impact: 'An attacker who publishes your private package name on PyPI with a higher version gets installed (dependency confusion).',
    fix: { guidance: 'Use a single --index-url that proxies PyPI, or pin hashes with --require-hashes.', example: '--index-url https://pypi.internal.example.com/simple' },
    references: [cweRef(427, 'Uncontrolled Search Path Element'), owaspRef('A08')],
    text: { files: REQUIREMENTS, keywords: ['extra-index-url'], scan: (text) => scanLines(text, (l) => /^\s*--extra-index-url\b/.test(l)) },
  },
  {
    id: 'pip.supply-chain.unpinned-git-dependency',
    title: 'Git requirement not pinned to a commit',
    pack: 'supply-chain',
    languages: ['pip-requirements'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-829'],
    owasp: [OWASP.A08],
    message: 'A requirement installs from a git URL without a full commit hash.',
    impact: 'Whoever can push to that repository changes the code you install, without any review on your side.',
    fix: { guidance: 'Pin @<40-character commit hash> (and ideally --require-hashes).', example: 'lib @ git+https://github.com/org/lib@3f2c1e8c9a4b5d6e7f8091a2b3c4d5e6f7a8b9c0' },
    references: pinRefs,
    // (pip expands ${VAR} in requirement files: a ref named by a variable is set where the install runs, e.g. a commit a
    // release script exports, so the file alone does not show it unpinned)
    text: { files: REQUIREMENTS, keywords: ['git+'], scan: (text) => scanLines(text, (l) => /\bgit\+[a-z]+:\/\//.test(l) && !/@([0-9a-f]{40}\b|\$\{\w+\})/i.test(l)) },
  },
  {
    id: 'dockerfile.supply-chain.curl-pipe-shell',
    title: 'Dockerfile pipes a download into a shell',
    pack: 'supply-chain',
    languages: ['dockerfile'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-494'],
    owasp: [OWASP.A08],
    message: 'A RUN step downloads a script and pipes it straight into a shell.',
    impact: 'The image contains whatever the remote server returned at build time; a compromised server compromises the image.',
    fix: { guidance: 'Download a pinned version, verify its checksum, then run it.', example: 'RUN curl -fsSLo tool.sh https://example.com/tool-1.2.sh && echo "<sha256>  tool.sh" | sha256sum -c && sh tool.sh' },
    references: integrityRefs,
    text: { files: DOCKERFILE, keywords: ['curl', 'wget'], scan: (text) => scanLines(text, (l) => PIPE_TO_SHELL.test(l)) },
  },
]);
