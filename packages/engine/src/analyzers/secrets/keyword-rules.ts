// Rules without a provider prefix: a value assigned to a credential-named key, in code (quoted) and in
// configuration (unquoted: .env, YAML, properties, ini, Dockerfile, CI), a default behind an environment variable,
// a password in a URL or a SQL statement, and JSON Web Tokens. They run on every path; the analyzer lowers what
// sits in test, example and docs paths, and each rule's grade lowers weak values and environment defaults.
import type { Grade, MatchContext, SecretRule } from './rules';
import { isLocalHost, isNameOrProse, isNonValue, isPublicIdentifier, isStandIn, isWeakValue, repeatsKey } from './value-checks';

/** Words that make a name a credential's name when they end it ("db_password", "clientSecret", "API_TOKEN1"). */
const CRED_WORD = String.raw`(?:password|passwd|passphrase|pwd|(?<![a-z])pass|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|priv(?:ate)?[_-]?key|secret[_-]?key)`;
/** A quoted literal of up to 200 characters (escapes allowed, no line breaks), captured as `value`. */
const QUOTED = String.raw`(?:[rRbBuU]{1,2})?(?<q>["'\x60])(?<value>(?:(?!\k<q>)[^\\\n]|\\.){3,200})\k<q>`;

/** Files holding settings as `KEY=value` or `key: value` without quotes. */
const CONFIG_FILE = /(^|\/)(\.env[\w.-]*|[\w.-]+\.(env|ya?ml|properties|ini|cfg|conf|toml)|Dockerfile[\w.-]*|[\w.-]*\.dockerfile)$/i;
/** Files where shell lines appear: CI definitions, scripts, Makefiles and the docs that show commands. */
const SHELL_LINES = /(^|\/)(\.env[\w.-]*|[\w.-]+\.(env|ya?ml|properties|ini|cfg|conf|toml|sh|bash|zsh|ps1|bat|cmd|md|rst|txt|adoc)|Dockerfile[\w.-]*|Jenkinsfile|Procfile|Makefile)$/i;
/** Translation catalogues: their keys name messages ("TOKEN_EXPIRED"), their values are prose. */
const I18N_PATH = /(^|\/)(locales?|i18n|l10n|lang|langs|languages?|translations?|messages)\/|\.(po|pot|xliff?)$/i;

/** Where the code reads the same setting from the environment, the literal is the fallback for development. */
const ENV_READ = /process\.env|os\.environ|os\.getenv|getenv\(|\benv\(|\bENV\[|System\.getenv|config\.get\(/;

/** CI definitions: literals there are credentials of the throwaway services a pipeline starts for its tests. */
const CI_PATH =
  /(^|\/)(\.github\/workflows|\.circleci|\.ci|\.buildkite)\/|(^|\/)(\.gitlab-ci\.ya?ml|\.travis\.ya?ml|Jenkinsfile|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|[\w.-]*[.-]ci\.ya?ml)$/i;

const CI_GRADE: Grade = {
  severity: 'low',
  note: 'It sits in CI configuration, most likely a credential of a test service the pipeline starts; confirm it is not a deployment secret.',
};

/** Environment files a deployment reads (.env, .env.production), not the templates beside them (.env.example). */
const DOTENV = /(^|\/)\.env(\.(?!example|sample|template|dist|default|test|testing|ci|dev|development|local)[\w-]+)*$/i;

/**
 * A keyword match outside an environment file: a literal next to a credential word, which may as well be a
 * development default, a sample, a fixture or a name. Measured on 73 real projects: none of 42 sampled medium
 * keyword matches in production code or config was a live credential, so they are leads to review, low.
 */
const KEYWORD_GRADE: Grade = {
  severity: 'low',
  note: 'Found by its name only (a credential keyword beside a literal): confirm it is a live credential and not a default, sample or fixture.',
};

/** The cap a keyword rule's hit gets from where it sits (provider-format keys keep their severity there). */
export function pathGrade(path: string): Grade | null {
  return CI_PATH.test(path) ? CI_GRADE : null;
}

/** Template bindings (`[password]="expr"`, `:token="expr"`, `@reset-token="handler"`) hold expressions, not text. */
function boundInTemplate(where: MatchContext): boolean {
  const at = where.lineText.indexOf(where.key);
  return at > 0 && /[@:[(]/.test(where.lineText[at - 1]!) && /\.(vue|html?|svelte|jsx|tsx)$/i.test(where.path);
}

const ENV_DEFAULT: Grade = {
  severity: 'low',
  note: 'The code reads this setting from the environment first; the literal is a development default, so confirm production sets the variable.',
};
const WEAK: Grade = {
  severity: 'low',
  note: 'The value is a short or dictionary-like default rather than a generated key; it still must not reach production.',
};

/**
 * The literal itself must look like a value, not a name, a public identifier or a reference. In code a
 * lower-case word list ("refresh_token") is a name; where the syntax says the text is a password (SQL, a shell
 * variable, a settings file) it is a value ("test-password"), so `names: 'loose'` keeps it.
 */
function plausibleValue(value: string, where: MatchContext, names: 'strict' | 'loose' = 'strict'): boolean {
  // In code, a backslash means an escape sequence or a regex source, not a typed-in key.
  if (names === 'strict' && value.includes('\\')) return false;
  const name = names === 'strict' ? isNameOrProse(value) : isNameOrProse(value) && !/^[a-z0-9]+(?:[-_][a-z0-9]+)+$/.test(value);
  return !isPublicIdentifier(value) && !name && !isNonValue(value) && !isStandIn(value) && !repeatsKey(where.key, value);
}

const TEST_MODE: Grade = { severity: 'low', note: 'The value is a test-mode key (its prefix says so): it reaches no live account.' };

/** Keys that sign sessions, tokens or CSRF forms: a guessable one lets anyone forge them. */
const SIGNING_KEY = /(secret[_-]?key|jwt[_-]?secret|session[_-]?secret|cookie[_-]?secret|signing[_-]?key|secret[_-]?key[_-]?base)$/i;

/**
 * A literal found by its keyword alone: graded by its value; outside an environment file it is low (KEYWORD_GRADE)
 * unless it signs sessions or tokens (a hard-coded signing key forges them wherever the deployment keeps it).
 */
function gradeKeywordLiteral(value: string, where: MatchContext): Grade | null {
  const byValue = gradeLiteral(value, where);
  if (byValue || DOTENV.test(where.path) || SIGNING_KEY.test(where.key)) return byValue;
  return KEYWORD_GRADE;
}

function gradeLiteral(value: string, where: MatchContext): Grade | null {
  if (ENV_READ.test(where.lineText)) return ENV_DEFAULT;
  if (/^(sk|rk)_test_/.test(value)) return TEST_MODE;
  // A weak password is a default to change; a weak signing key is already a forgery risk, so it keeps medium.
  if (isWeakValue(value)) return SIGNING_KEY.test(where.key) ? null : WEAK;
  return null;
}

/** `_key` alone names many things ("sort_key: id"); as a credential it is an upper-case setting ("STEAM_KEY=…"). */
function credentialKey(key: string): boolean {
  if (new RegExp(`${CRED_WORD}\\d*$`, 'i').test(key)) return true;
  return /^[A-Z0-9_]*_KEY\d*$/.test(key.replace(/^(export|ENV|ARG)\s+/, ''));
}

/**
 * A token with a JWS header, whose claims are not the specification's or jwt.io's worked example (`sub: "1234567890",
 * name: "John Doe"`, RFC 7519's `iss: "joe"`): those are copied into docs, tests and hash-identification samples and
 * sign nobody in.
 */
function jwtLooksReal(token: string): boolean {
  try {
    const [head, body] = token.split('.');
    const header = JSON.parse(Buffer.from(head!, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof header.alg !== 'string') return false;
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8') || '{}') as Record<string, unknown>;
    const example = (claims.sub === '1234567890' && /^john doe$/i.test(String(claims.name ?? ''))) || (claims.iss === 'joe' && claims.exp === 1300819380);
    return !example;
  } catch {
    return false;
  }
}

/** The token's `exp` claim in milliseconds, when it has one. */
function jwtExpiry(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}') as Record<string, unknown>;
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Documentation-style passwords in URLs ("postgres://user:password@host"). */
const DOC_PASSWORD = /^((my|your)[_-]?)?(pass(word)?|passwd|pwd|pw|secret|changeme|user|username|\*+|#+|x+)$/i;
/** Hosts that do not leave the developer's machine or private network. */

const CREDENTIAL_KEYWORDS = ['password', 'passwd', 'passphrase', 'pwd', 'pass', 'secret', 'token', 'api_key', 'apikey', 'api-key', 'access_key', 'auth_key', 'private_key', 'privatekey', 'priv_key', 'secret_key', 'secretkey'];
const ROTATE = 'Rotate the credential with whoever issued it, then load it from the environment or a secret manager.';

/**
 * Variables a front-end build inlines into the code it ships to browsers (Vite's VITE_, Next.js' NEXT_PUBLIC_, Create
 * React App's REACT_APP_...): public by design, whatever the name says. A known key format among them (a Stripe secret
 * key, a private key) is still found by the format's own rule.
 */
const CLIENT_BUNDLED = /^(VITE_|NEXT_PUBLIC_|REACT_APP_|VUE_APP_|NUXT_PUBLIC_|EXPO_PUBLIC_|GATSBY_|PUBLIC_)/;

export const KEYWORD_RULES: SecretRule[] = [
  {
    id: 'secrets/jwt',
    title: 'JSON Web Token',
    keywords: ['eyJ'],
    pattern: /\b(eyJ[A-Za-z0-9_-]{10,}\.(?:eyJ[A-Za-z0-9_-]{10,}|e30)\.[A-Za-z0-9_-]{10,})/g,
    severity: 'medium',
    generic: true,
    // An API description's `example:` value documents the token format; it authenticates nobody.
    validate: (token, where) => jwtLooksReal(token) && !/\b(example|sample)s?["']?\s*:/i.test(where.lineText),
    // an expired token (a pre-signed image link's `?jwt=`, a captured session) authenticates nobody any more
    grade: (token) => {
      const exp = jwtExpiry(token);
      return exp !== undefined && exp < Date.now()
        ? { severity: 'low', note: `The token expired on ${new Date(exp).toISOString().slice(0, 10)}: it no longer authenticates anyone.` }
        : null;
    },
    rotation: 'Invalidate the token (rotate the signing key if it does not expire) and load tokens at runtime instead.',
  },
  {
    id: 'secrets/connection-string-password',
    title: 'Password in a URL',
    keywords: ['://'],
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/'"`<>()]+:(?<value>[^\s@/'"`<>()]+)@(?<host>[^\s/'"`:?<>()]+)/gi,
    severity: 'high',
    generic: true,
    validate: (password) => !DOC_PASSWORD.test(password) && !isStandIn(password) && !/^\$|\{/.test(password),
    grade: (password, where) => {
      if (ENV_READ.test(where.lineText)) return ENV_DEFAULT;
      if (isWeakValue(decodeURIComponent(password.replace(/%(?![0-9a-f]{2})/gi, '%25')))) return WEAK;
      return isLocalHost(where.groups.host ?? '')
        ? { severity: 'medium', note: 'The URL points to a local or internal host (a development or CI service).' }
        : null;
    },
    rotation: 'Change the account password, then read the URL from the environment or a secret manager.',
  },
  {
    id: 'secrets/sql-password',
    title: 'Password in a SQL statement',
    keywords: ['password', 'identified by'],
    // (in a statement that creates or changes an account, or grants to one: "identified by" and "password" are
    // English words in prose and docstrings too)
    pattern: /\b(?:(?:CREATE|ALTER)\s+(?:USER|ROLE|LOGIN)|GRANT)\b[^;]{0,300}?\b(?:PASSWORD|IDENTIFIED[ \t]+BY)[ \t]+(?<q>['"])(?<value>[^'"\s]{3,100})\k<q>/gi,
    severity: 'medium',
    generic: true,
    validate: (value, where) => plausibleValue(value, where, 'loose'),
    grade: gradeLiteral,
    rotation: 'Change the database role password and create roles from a migration that reads it from the environment.',
  },
  {
    id: 'secrets/env-default-secret',
    title: 'Default credential behind an environment variable',
    keywords: ['process.env', 'environ', 'getenv', 'env('],
    pattern: new RegExp(
      String.raw`(?:process\.env(?:\.|\[\s*["'])(?<key>\w+)(?:["']\s*\])?\s*(?:\|\||\?\?)\s*|(?:os\.environ\.get|os\.getenv|environ\.get|\benv(?:\.str)?)\(\s*["'](?<key2>\w+)["']\s*,\s*(?:default\s*=\s*)?)` +
        QUOTED,
      'g',
    ),
    severity: 'low',
    generic: true,
    // Only names that say credential ("DB_PASSWORD"); a bare *_KEY here is as often a setting's name ("LOG_KEY").
    validate: (value, where) => new RegExp(`${CRED_WORD}\\d*$`, 'i').test(where.key) && plausibleValue(value, where, 'loose'),
    grade: () => ENV_DEFAULT,
    rotation: ROTATE,
  },
  {
    id: 'secrets/generic-secret-assignment',
    title: 'Hard-coded secret',
    keywords: CREDENTIAL_KEYWORDS,
    // Starts at the keyword (not at the start of the name) so the regex engine never backtracks over words; the
    // keyword must end the name, so "passwordField", "access_token_url" and "tokenizer" are not credentials.
    pattern: new RegExp(
      String.raw`${CRED_WORD}\d*(?![\w$])["'\]]{0,2}\s{0,5}(?:===?|!==?|:=|=>|=|:)\s{0,5}` + QUOTED,
      'gi',
    ),
    severity: 'medium',
    generic: true,
    validate: (value, where) => !I18N_PATH.test(where.path) && !boundInTemplate(where) && plausibleValue(value, where),
    grade: gradeKeywordLiteral,
    rotation: ROTATE,
  },
  {
    id: 'secrets/config-file-secret',
    title: 'Secret in configuration file',
    keywords: [...CREDENTIAL_KEYWORDS, '_key'],
    pattern:
      /^[ \t]*(?:-[ \t]*)?(?:export[ \t]+|ENV[ \t]+|ARG[ \t]+)?(?<key>[A-Za-z0-9_.-]{0,60}?(?:password|passwd|passphrase|pwd|pass|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|_key)\d*)[ \t]*[=:][ \t]*(?<value>[^\s"'#]{3,200})[ \t]*(?:#.*)?$/gim,
    severity: 'medium',
    generic: true,
    pathFilter: CONFIG_FILE,
    validate: (value, where) =>
      credentialKey(where.key) && !CLIENT_BUNDLED.test(where.key) && !I18N_PATH.test(where.path) && !/^[$%{<]|\$\{/.test(value) && plausibleValue(value, where, 'loose'),
    grade: gradeKeywordLiteral,
    rotation: 'Rotate the credential, keep the file out of version control (.gitignore) and commit a .env.example instead.',
  },
  {
    id: 'secrets/shell-env-secret',
    title: 'Secret in a command or environment assignment',
    keywords: ['PASSWORD', 'PASSWD', 'PASS', 'SECRET', 'TOKEN', '_KEY', '-password'],
    // Environment assignments and flags inside a line (CI steps, shell scripts, docs): PGPASSWORD=… psql,
    // --db-password=…; upper-case names only, so code identifiers are not read as settings.
    pattern:
      /(?<![\w$-])(?:(?<key>[A-Z0-9_]*(?:PASSWORD|PASSWD|PASS|SECRET|TOKEN|API_?KEY|SECRET_?KEY|ACCESS_?KEY))=|--(?<key2>[a-z]+-)*password[= ])(?<value>[^\s"'$;&|)`\\]{3,200})/g,
    severity: 'medium',
    generic: true,
    pathFilter: SHELL_LINES,
    validate: (value, where) => !/^[%{<]/.test(value) && plausibleValue(value, where, 'loose'),
    grade: gradeKeywordLiteral,
    rotation: ROTATE,
  },
];
