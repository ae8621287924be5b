// Default excludes and file classification: what a due-diligence scan should never read as project code.

/** Directory names skipped everywhere (third-party, build output, caches, VCS internals). */
export const EXCLUDED_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  'dist',
  'build',
  'out',
  'vendor',
  'coverage',
  '.nyc_output',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  '.gradle',
  'target',
  'bower_components',
  'jspm_packages',
  '.terraform',
  '.idea',
]);

/** Lockfiles and manifests: dependency data, kept even when large or machine-written, never counted as LOC. */
const LOCKFILES: ReadonlySet<string> = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'composer.lock',
  'Gemfile.lock',
  'Cargo.lock',
  'go.sum',
]);

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function isLockfile(path: string): boolean {
  return LOCKFILES.has(baseName(path));
}

/** Lockfiles may be far larger than source files and are still worth reading. */
export const LOCKFILE_MAX_BYTES = 64 * 1024 * 1024;

const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp avif tif tiff psd svgz mp3 mp4 m4a wav ogg flac webm mov avi mkv ' +
    'zip gz tgz bz2 xz 7z rar tar jar war ear class dll so dylib exe bin o a lib pyc pyo whl egg ' +
    'woff woff2 ttf otf eot pdf doc docx xls xlsx ppt pptx sqlite db wasm node keystore p12 pfx'
  ).split(' '),
);

export function hasBinaryExtension(path: string): boolean {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 && BINARY_EXTENSIONS.has(base.slice(dot + 1).toLowerCase());
}

/** Git's heuristic: a NUL byte in the first 8000 bytes means binary. */
export function looksBinary(buf: Buffer): boolean {
  return buf.subarray(0, 8000).includes(0);
}

const MINIFIED_NAME = /[.-]min\.(js|mjs|cjs|css)$|\.(js|css)\.map$|\.bundle\.js$|\.chunk\.js$/i;

/** Minified bundles: by name, or by very long lines (average > 300 chars or one line > 20k chars). */
export function minifiedReason(path: string, text: string): string | null {
  if (MINIFIED_NAME.test(path)) return 'minified file name';
  if (text.length < 4096) return null;
  let lines = 1;
  let longest = 0;
  let last = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    longest = Math.max(longest, i - last);
    last = i + 1;
    lines++;
  }
  longest = Math.max(longest, text.length - last);
  if (longest > 20_000) return `a line of ${longest} characters`;
  if (text.length / lines > 300) return `average line length ${Math.round(text.length / lines)}`;
  return null;
}

const GENERATED_MARK = /@generated\b|\bDO NOT EDIT\b|\bCode generated\b.*\bDO NOT EDIT|\bauto-?generated (file|code|by)\b/i;
const GENERATED_NAME = /(_pb2(_grpc)?\.py|\.pb\.go|\.g\.dart|\.designer\.cs|\.generated\.[a-z]+)$/i;

/** Machine-written source (protobuf stubs, codegen output): a marker in the first 1 KiB or a known name. */
export function generatedReason(path: string, text: string): string | null {
  if (GENERATED_NAME.test(path)) return 'generated file name';
  const head = text.slice(0, 1024);
  const mark = GENERATED_MARK.exec(head);
  return mark ? `marker "${mark[0]}"` : null;
}
