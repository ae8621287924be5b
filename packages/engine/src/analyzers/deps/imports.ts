// Which packages production code imports: `import`/`require`/dynamic `import()` specifiers in JS/TS, `import x` /
// `from x import` in Python, `import a.b.C` in Java, read from non-test source files. A vulnerable package nothing
// imports (or only tests do) is much less likely to be reachable, and its finding says so.
import type { Ecosystem } from '../../advisories/types';
import type { SourceFile } from '../../types';
import { normalizePackageName } from '../../advisories/package-name';

const JS_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\brequire\.resolve\s*\(\s*)["']([^"'\s]+)["']/g;
const PY_IMPORT = /^\s*(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*))/gm;
const JAVA_IMPORT = /^\s*import\s+(?:static\s+)?([\w.]+)\s*;/gm;

/** Distributions whose import name differs from the project name (the common cases of PyPI). */
const PY_MODULE_OF: Record<string, string[]> = {
  pyyaml: ['yaml'],
  beautifulsoup4: ['bs4'],
  pillow: ['PIL'],
  'python-dateutil': ['dateutil'],
  'scikit-learn': ['sklearn'],
  'opencv-python': ['cv2'],
  'opencv-python-headless': ['cv2'],
  'psycopg2-binary': ['psycopg2'],
  pyjwt: ['jwt'],
  'python-jose': ['jose'],
  djangorestframework: ['rest_framework'],
  attrs: ['attr', 'attrs'],
  protobuf: ['google.protobuf'],
  pycryptodome: ['Crypto'],
  pycryptodomex: ['Cryptodome'],
  'python-multipart': ['multipart'],
  'python-dotenv': ['dotenv'],
  pymysql: ['pymysql'],
  'mysqlclient': ['MySQLdb'],
  'google-cloud-storage': ['google.cloud.storage'],
  'typing-extensions': ['typing_extensions'],
  'django-filter': ['django_filters'],
  'django-cors-headers': ['corsheaders'],
  'django-environ': ['environ'],
  'djangorestframework-simplejwt': ['rest_framework_simplejwt'],
  'django-storages': ['storages'],
  'django-crispy-forms': ['crispy_forms'],
  'django-allauth': ['allauth'],
  'django-debug-toolbar': ['debug_toolbar'],
  'django-oauth-toolkit': ['oauth2_provider'],
  'django-two-factor-auth': ['two_factor'],
  'django-money': ['djmoney'],
  'django-rest-knox': ['knox'],
  'social-auth-app-django': ['social_django'],
  'social-auth-core': ['social_core'],
  pyopenssl: ['OpenSSL'],
  'python-memcached': ['memcache'],
  pyserial: ['serial'],
  pyzmq: ['zmq'],
  pygithub: ['github'],
  gitpython: ['git'],
  'google-api-python-client': ['googleapiclient'],
  dnspython: ['dns'],
  'ruamel-yaml': ['ruamel.yaml'],
  setuptools: ['setuptools', 'pkg_resources'],
  'msgpack-python': ['msgpack'],
};

/**
 * Other import names a distribution may have: its name with '_' for '-', and without the ecosystem's usual prefix
 * (django-taggit -> taggit, python-magic -> magic, pyjwt-style py- names are in PY_MODULE_OF).
 */
function pyModuleCandidates(normalized: string): string[] {
  const base = normalized.replace(/[-.]/g, '_');
  const bare = /^(django|python|flask)[-_.](.+)$/.exec(normalized)?.[2];
  return bare ? [base, bare.replace(/[-.]/g, '_')] : [base];
}

/** Settings modules name Django apps, middleware and backends by dotted strings ('corsheaders', 'storages.backends.s3'). */
const PY_SETTINGS_REFERENCE = /\b(INSTALLED_APPS|MIDDLEWARE|BACKEND|ENGINE|_CLASSES|_BACKENDS?)\b/;
const PY_DOTTED_STRING = /['"]([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)['"]/g;

/** npm: "lodash/fp" -> "lodash", "@scope/pkg/sub" -> "@scope/pkg"; relative and node: specifiers are not packages. */
function npmPackageOf(specifier: string): string | null {
  if (/^(\.|\/|node:|#)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** `a.b.c` -> a, a.b, a.b.c: a package is imported when any of its modules is. */
function addModule(into: Set<string>, mod: string): void {
  const segs = mod.split('.');
  for (let i = 1; i <= segs.length; i++) into.add(segs.slice(0, i).join('.'));
}

export interface ImportIndex {
  /** Whether production code imports the package (npm name, PyPI project name, Maven group:artifact). */
  imports(ecosystem: Ecosystem, name: string): boolean;
  /** Whether any production file (code or template) names this identifier as a whole word. */
  names?(identifier: string): boolean;
}

/** Built once per scan from the files the caller counts as production source. */
export function buildImportIndex(files: readonly SourceFile[]): ImportIndex {
  const npm = new Set<string>();
  const python = new Set<string>();
  const java: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = file.text();
    } catch {
      continue;
    }
    if (file.language === 'javascript' || file.language === 'typescript' || file.language === 'tsx') {
      for (const m of text.matchAll(JS_SPECIFIER)) {
        const pkg = npmPackageOf(m[1]!);
        if (pkg) npm.add(pkg);
      }
    } else if (file.language === 'python') {
      for (const m of text.matchAll(PY_IMPORT)) {
        const modules = m[1] ? [m[1]] : m[2]!.split(',').map((s) => s.trim());
        for (const mod of modules) addModule(python, mod);
      }
      // a Django app or backend used only through settings is loaded by Django from its dotted name
      if (PY_SETTINGS_REFERENCE.test(text)) for (const m of text.matchAll(PY_DOTTED_STRING)) addModule(python, m[1]!);
    } else if (file.language === 'java') {
      for (const m of text.matchAll(JAVA_IMPORT)) java.push(m[1]!);
    }
  }
  const named = new Map<string, boolean>();
  return {
    names(identifier) {
      let hit = named.get(identifier);
      if (hit === undefined) {
        const word = new RegExp(`(?<![\\w$])${identifier.replace(/[$.]/g, '\\$&')}(?![\\w$])`);
        hit = files.some((f) => {
          try {
            return f.text().includes(identifier) && word.test(f.text());
          } catch {
            return false;
          }
        });
        named.set(identifier, hit);
      }
      return hit;
    },
    imports(ecosystem, name) {
      if (ecosystem === 'npm') return npm.has(name);
      if (ecosystem === 'PyPI') {
        const normalized = normalizePackageName('PyPI', name);
        const modules = PY_MODULE_OF[normalized] ?? pyModuleCandidates(normalized);
        return modules.some((m) => python.has(m) || python.has(m.toLowerCase()));
      }
      // Maven: classes are imported by package; a group id is the usual package prefix.
      const group = name.split(':')[0] ?? '';
      return group.length > 0 && java.some((imp) => imp === group || imp.startsWith(`${group}.`));
    },
  };
}
