// What is not a leaked secret: placeholders, references to the environment, lockfile hashes. And which paths
// hold test, fixture, example or docs credentials (reported, but low).
import type { SourceFile } from '../../types';

/**
 * Integrity hashes and resolved URLs look random; lockfiles never hold credentials worth reporting. Source maps
 * repeat the sources they map (reported there already).
 */
const SKIPPED_FILES = /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Pipfile\.lock|uv\.lock|composer\.lock|Gemfile\.lock|Cargo\.lock|go\.sum|[^/]+\.map)$/i;

/** Minified bundles by name (the collector also skips them by line length and passes them as `bundled`). */
const BUNDLE_NAME = /[.-]min\.(js|mjs|cjs|css)$|\.bundle\.js$|\.chunk\.js$/i;

export function isBundleName(path: string): boolean {
  return BUNDLE_NAME.test(path);
}

// (.feature: a Gherkin scenario of behave/cucumber, a test specification wherever it sits; sample_conf/, example-config/:
// configuration shipped as a sample; an API schema's (OpenAPI) examples; env files named for CI, tests or development)
const NON_PRODUCTION_PATH =
  // key files named for the developer's machine (localhost.pem, snakeoil.key, dev-cert.key): a dev server's TLS key
  /(^|\/)(localhost|snakeoil|self-?signed|dev|development)[\w.-]*\.(pem|key|crt|p12|pfx)$|(^|\/)(tests?|__tests__|spec|specs|fixtures?|__fixtures__|testdata|test-data|(examples?|samples?)([_-]\w+)?|demos?|docs?|mocks?|__mocks__|stubs?|dev|openapi|swagger)\/|(^|\/)schemas?\/.*\.(json|ya?ml)$|(^|\/)(ci|test|testing|dev|development|local)\.env$|\.env\.ci$|[._-](test|testing|spec|example|sample|template|dev|local)s?\.[\w.]+$|(^|\/)settings\/(ci|dev|development|local|test|testing)\.py$|\.(example|sample|template|dist|test|testing|feature)$/i;

/** Words that mark a value as a stand-in, and the AWS documentation keys (which contain EXAMPLE). */
const PLACEHOLDER_WORDS = /example|placeholder|changeme|change[_-]?(me|this|it)|should[_-]?change|your[_-]|[_-]here\b|dummy|sample|redacted|fake|not[_-]?a[_-]?real|insert|replace|todo|xxxx|\*\*\*\*|\.\.\.|<[^>]*>|\{\{|\}\}/i;

/** References to the environment or a template engine, not literal values. */
const REFERENCE = /^\$|\$\{|\$\(|%\(|%s|^env[:.(]|process\.env|os\.environ|getenv|secrets\.|vault:|\{[A-Za-z_]+\}/i;

export function isSkippedFile(path: string): boolean {
  return SKIPPED_FILES.test(path);
}

/** Prose (READMEs, docs) is full of sample credentials: reported like test paths, at low. */
const PROSE_FILE = /\.(md|mdx|markdown|rst|adoc|txt)$/i;

export function isProseFile(path: string): boolean {
  return PROSE_FILE.test(path) && !/(^|\/)requirements[^/]*\.txt$/i.test(path);
}

export function isNonProductionPath(file: Pick<SourceFile, 'path' | 'isTest'>): boolean {
  return file.isTest || NON_PRODUCTION_PATH.test(file.path);
}

/** Repeated or sequential characters ("aaaaaaaa", "12345678", "abcdefgh…XYZ0123456789") are never real keys. */
function isTrivial(value: string): boolean {
  if (/^(.)\1+$/.test(value)) return true;
  // Characters that continue the previous one ("b" after "a", "1" after "0", "0" after "9"), case ignored: a typed
  // alphabet, or runs of one interleaved ("abcd1234efgh5678..."). A random key has about one such pair in 36.
  const lower = value.toLowerCase();
  let sequential = 0;
  for (let i = 1; i < lower.length; i++) {
    const [a, b] = [lower.charCodeAt(i - 1), lower.charCodeAt(i)];
    if (b === a + 1 || (a === 57 && b === 48)) sequential++;
  }
  return value.length >= 6 && sequential >= (value.length - 1) * 0.7;
}

export function isPlaceholder(value: string): boolean {
  // a bracketed name ('[Passwort]', '[password]'): a slot to fill in, in any language
  return PLACEHOLDER_WORDS.test(value) || REFERENCE.test(value) || isTrivial(value) || /^\[[^\]]+\]$/.test(value);
}

/** Lines carrying an explicit allow marker from other scanners' conventions are respected. */
export function hasAllowMarker(line: string): boolean {
  return /gitleaks:allow|pragma: allowlist secret|nosec\b|noqa: ?S105/i.test(line);
}
