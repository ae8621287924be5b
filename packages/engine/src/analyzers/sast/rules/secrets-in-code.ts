// Secrets-in-code pack: credentials written into code structure (assignments, keyword arguments, object keys,
// connection strings). The secrets analyzer scans raw text for token formats; these rules instead read names
// in the tree, so a `password = "..."` is found whatever the value looks like.
import { isCodeReference, isLoopbackHost, isPublicIdentifier, isRepetitive } from '../../secrets/value-checks';
import type { SgNode } from '@ast-grep/napi';
import { enclosingScope, isStaticString, positionalArgs, stringValue } from '../patterns/nodes';
import type { TreeMatcher } from '../patterns/types';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, owaspRef } from './meta';

/** Rust-side prefilter on the name field (the JS predicate applies the exact rules). */
const NAME_HINT = '(?i)(pass|pwd|secret|token|key)';

const CRED_NAME = /(^|_)(password|passwd|pwd|passphrase|secret|secret_key|client_secret|api_key|apikey|access_key|secret_access_key|auth_token|access_token|private_key|signing_key|jwt_secret|db_pass|token)$/;
// (a flag word, 'true' or 'disabled', is a setting's switch: `cleaned_data['usable_password'] = 'true'`)
const PLACEHOLDER = /^(no[_-]\w+|not[_-]?(used|needed|required|set|applicable|active|enabled|configured|in[_-]?use)|\$\{.*\}|\{\{.*\}\}|<.*>|\[[\w\s-]*\]|%\(?\w*\)?s|\*+|x{3,}|\.{3,}|your[_-].*|.*example.*|.*placeholder.*|changeit|redacted|masked|hidden|filtered|omitted|removed|none|null|undefined|dummy|fake|test|todo|fixme|true|false|enabled|disabled)$/i;
/**
 * A marker word inside the value says it is not a live credential: 'dsk_test_token_123', 'dev-only-change-me',
 * 'fake-password', 'replace-this-please' (an instruction to the operator). Whole words only ('latest', 'contest' and 'attestation' are not markers).
 */
const MARKER = /(^|[^a-z])(test|testing|example|dummy|fake|placeholder|sample|mock|not[_-]?a[_-]?(real[_-]?)?(secret|key|token|password|credential))([^a-z]|$)/i;
/** A value that tells the operator to put their own in its place ('change-me', 'replace-this-please'): a placeholder. */
export const REPLACE_ME = /(^|[^a-z])(changeme|change[_-]?(me|this|it)|replace[_-]?(me|this|it)|please[_-]?(change|replace|set)|set[_-]?me|override[_-]?me)([^a-z]|$)/i;
/** Test-support and benchmark folders: credentials there log into throwaway fixtures. */
export const TEST_SUPPORT_PATH = /(^|\/)(testing|test[_-]?utils|test[_-]?helpers|fixtures|__fixtures__|mocks|__mocks__|e2e|bench|benchmarks?)\//i;
/**
 * Where credential-named keys hold no credentials: test support (throwaway fixtures) and translation catalogues
 * (`password: 'Senha'` is the label of a password field in Portuguese).
 */
const NOT_CREDENTIAL_PATHS = new RegExp(`${TEST_SUPPORT_PATH.source}|(^|/)(i18n|l10n|locales?|translations?|lang|langs)/`, 'i');
/** '1234', '123456', '0000': the counting or repeated digits documentation and sample configs write for a value. */
function trivialDigits(v: string): boolean {
  const counted = v.replace(/^0/, '');
  return (counted.length >= 4 && '1234567890'.startsWith(counted)) || /^(\d)\1{3,}$/.test(v);
}
const WORDS = /^(password|passwd|pwd|secret|token|api_?key|apikey|key|pass|credentials?|bearer|basic|authorization)$/i;
/**
 * The name of a data type (`encryptedPassword: 'string'` in a model schema, `token: 'uuid'` in a validation spec,
 * Swagger's example value "string"): a declaration of what the field holds, not a value of it.
 */
const TYPE_NAME = /^(string|str|text|varchar|char|number|integer|int|bigint|float|double|decimal|boolean|bool|bytes|binary|blob|uuid|date|datetime|timestamp|object|array|json|jsonb|any|unknown)$/i;
/** Invisible characters (zero-width space and joiners, BOM, word joiner), raw or as escapes: markers, not content. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]|\\u(200[b-d]|2060|feff)/gi;

/** camelCase / kebab / CONSTANT names to snake_case for one regex. */
function normalizeName(name: string): string {
  return name
    .replace(/^['"]|['"]$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]/g, '_')
    .toLowerCase();
}

/** A literal that looks like a real credential rather than an empty value, a field name, a path or a placeholder. */
export function credentialLiteral(value: string, name: string): boolean {
  const v = value.trim();
  if (v.length < 4 || /\s/.test(v) || PLACEHOLDER.test(v) || MARKER.test(v) || REPLACE_ME.test(v) || WORDS.test(v) || TYPE_NAME.test(v) || trivialDigits(v)) return false;
  // a shortened value ('eyJhbGciOiJIUzI1NiIs...', 'sk_live_51H…'): documentation showing the start of a key, not a key
  if (/(\.{3}|…)$/.test(v)) return false;
  // filler in a key for someone else's service ('x-api-key': 'S.m6.v.m6.v…') authenticates nowhere; the same filler as
  // the application's own signing secret or password is a weak live secret (anyone can sign with it)
  if (isRepetitive(v) && !/secret|sign|jwt|session|cookie|pass|pwd/i.test(name)) return false;
  // a JWT's header alone ('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' = {"alg":"HS256","typ":"JWT"}): public, signs nothing
  if (/^eyJ[\w-]+=*\.?$/.test(v)) return false;
  // a masked part ('0000000000:XXXXXXXX', 'sk-****', '••••••••'): a stand-in written the way documentation masks a key
  if (/x{4,}|\*{3,}|[•●]{3,}/i.test(v)) return false;
  // an emoji ('secret': '㊙️', '\u3299\ufe0f') or a word of another script: text with hardly any ASCII letters or
  // digits (a typed secret with one accented letter among many ASCII ones stays)
  if (/[^\x20-\x7e]|\\u[0-9a-f]{4}/i.test(v) && (v.replace(/\\u[0-9a-f]{4}/gi, '').match(/[A-Za-z0-9]/g)?.length ?? 0) < 4) return false;
  // The setting's own name or its last words ('client-secret' under AUTH_OPENID_CLIENT_SECRET: a placeholder naming
  // itself), and environment variable names (DB_PASSWORD), are not values; long all-caps keys (AKIA...) stay.
  // (a sentinel wrapped in underscores, `'__SOME_PASSWORD__'`, names itself as well)
  // (a key name marked with a zero-width space, `_token = "token\u200b"`, a private property's key, names itself too)
  const own = normalizeName(v.replace(INVISIBLE, '')).replace(/^_+|_+$/g, '');
  const named = normalizeName(name).replace(/^_+|_+$/g, '');
  if (own === named || (own.includes('_') && `_${named}`.endsWith(`_${own}`))) return false;
  if (/^_*[A-Z][A-Z0-9_]*$/.test(v) && (v.includes('_') || v.length <= 12)) return false;
  // an HTTP header's name ('X-API-KEY', 'X-Auth-Token'): the header that carries the key, not the key
  if (/^[A-Z]+(-[A-Z]+)+$/.test(v) || /^X(-[A-Z][a-z]*)+$/i.test(v)) return false;
  // a Django permission or settings path ('accounts.view_accountsecret', 'settings.change_security'): a name
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)*(\.[a-z][a-z0-9]*(_[a-z0-9]+)*)+$/.test(v) && v.includes('_')) return false;
  // URLs, paths, templates (str.format, printf: '\x91%i\x91')
  if (/^(https?:)?\/\/?|^\.?\//.test(v) || /\{\w*\}|%[-#0 +]?\d*[sdir](?![0-9a-f])|%\.\d+f/.test(v)) return false;
  // Keys that name a credential rather than hold one: i18n labels ('label.change-password'), session and config keys
  // ('_totp_secret', 'admin:password', 'auth/token_expired'): identifier words joined by . : or / (or with a leading
  // underscore), naming the secret
  if (KEY_NAME.test(v) && CRED_WORD.test(v)) return false;
  // the name of a store of secrets ('cloudflare-secrets', 'smtp-credentials': a Kubernetes Secret, a vault or secret
  // manager entry): lower-case words joined by hyphens ending in the plural; a singular ('my-app-secret') can be the
  // weak secret itself
  if (/^[a-z][a-z0-9]*(-[a-z0-9]+)*-(secrets|credentials|passwords|tokens|keys)$/.test(v)) return false;
  // a CSS selector of the form field that holds the secret ('#s3-secret-key', '.api-token input', 'input[name=password]')
  if (/^[#.][A-Za-z][\w-]*([\s>.#[][\w\s=~^$*|"'\]-]*)?$/.test(v) && /[-_]/.test(v) || /^[a-z]+\[[\w-]+(=["']?[\w-]+["']?)?\]$/i.test(v)) return false;
  if (isCodeReference(v)) return false;
  // a key made to be published in client code (a Stripe publishable key, a PostHog project key), a UUID or an address
  if (isPublicIdentifier(v)) return false;
  return true;
}

const KEY_NAME = /^(_[a-z][a-z0-9]*(_[a-z0-9]+)*|[a-z][a-z0-9_-]*([.:/][a-z0-9_-]+)+)$/i;
const CRED_WORD = /pass|secret|token|key|pwd|auth|credential/i;

/**
 * Fields of a pydantic BaseSettings class are defaults that the environment overrides (POSTGRES_PASSWORD: str =
 * "app" for the bundled database): configuration, not a credential the code depends on.
 */
function settingsDefault(node: SgNode): boolean {
  return node.ancestors().some((a) => (a.kind() as string) === 'class_definition' && /\bBaseSettings\b/.test(a.field('superclasses')?.text() ?? ''));
}

/** Test doubles and test configurations (class MockBilling, FakeStripe, TestingConfig, TestSettings): not production. */
/** Members of an enumeration (`class AuthMethods(Enum): username_and_password = "username-password"`) are names. */
function enumMember(node: SgNode): boolean {
  return node.ancestors().some((a) => (a.kind() as string) === 'class_definition' && /\b(Str)?Enum\b|\bIntEnum\b|\bTextChoices\b/.test(a.field('superclasses')?.text() ?? ''));
}

function testDoubleClass(node: SgNode): boolean {
  return node.ancestors().some((a) => /^class_(definition|declaration)$/.test(a.kind() as string) && /^(Mock|Fake|Dummy|Stub|Test)[A-Z_]|Testing|Test(ing)?(Config|Settings)$/.test(a.field('name')?.text() ?? ''));
}

function lastName(target: SgNode | null): string {
  if (!target) return '';
  const k = target.kind() as string;
  if (k === 'attribute') return target.field('attribute')?.text() ?? '';
  if (k === 'member_expression') return target.field('property')?.text() ?? '';
  if (k === 'subscript' || k === 'subscript_expression') {
    const idx = target.field('subscript') ?? target.field('index');
    return idx && isStaticString(idx) ? stringValue(idx) : '';
  }
  return target.text();
}

const AMBIGUOUS_NAME = /(^|_)token$/;
/** Control characters (raw or as \x escapes): a parser's sentinel ('\x91/sf\x91'), never a token someone types or issues. */
function hasControlChars(v: string): boolean {
  for (const ch of v) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return /\\x([01][0-9a-f]|7f|[89][0-9a-f])/i.test(v);
}
/**
 * Secret-like value: long enough, letters plus digits/symbols, not a plain word or identifier. Words joined by - _ . :
 * or / with at most short numbers among them ('variable-2': a syntax highlighter's token style; 'app:wiki:rebuild':
 * a cache key) are names.
 */
function looksGenerated(v: string): boolean {
  return v.length >= 10 && /[A-Za-z]/.test(v) && /[0-9\W]/.test(v.replace(/[_.-]/g, '')) && !/^[a-z]+([_.:/-]([a-z]+|\d{1,3}))*$/i.test(v);
}

/** A table of values the code refuses (WEAK_DEFAULTS, INSECURE_SECRETS, KNOWN_BAD_KEYS): the opposite of a credential in use. */
const DENY_LIST_NAME = /(^|_)(weak|insecure|known|banned|blocked|blacklisted|denied|forbidden|disallowed|rejected|leaked|compromised)(_|$)/;

function inDenyList(node: SgNode): boolean {
  for (const a of node.ancestors().slice(0, 6)) {
    const k = a.kind() as string;
    if (k !== 'variable_declarator' && k !== 'assignment' && k !== 'public_field_definition') continue;
    const target = a.field('name') ?? a.field('left');
    return DENY_LIST_NAME.test(normalizeName(target?.text() ?? '')) || onlyCompared(a, target);
  }
  return false;
}

/**
 * A list of credentials the code only searches (`defaultCreds.some((d) => u.password === d.password)`,
 * `KNOWN.includes(pw)`): it checks the configured ones against it to warn or refuse; nothing logs in with it.
 */
function onlyCompared(decl: SgNode, target: SgNode | null): boolean {
  const value = decl.field('value') ?? decl.field('right');
  if (!target || !value || !/^(array|list|tuple|set)$/.test(value.kind() as string) || !/^[A-Za-z_$][\w$]*$/.test(target.text())) return false;
  const name = target.text();
  const rest = enclosingScope(decl).text().split(decl.text()).join('');
  const uses = [...rest.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])(\\.\\w+\\s*\\()?`, 'g'))];
  return uses.length > 0 && uses.every((m) => /^\.(some|every|includes|find|findIndex|indexOf|has|filter)\s*\($/.test(m[1] ?? ''));
}

// ... and so do names of an operation on one (update_password, rotate_secret: API actions, module options); verbs
// that also read as adjectives (refresh secret, clear secret) stay out
// (also as the last segment of a route or action path: 'users/update-password' in a policy or permission map)
const PASSWORD_ACTION = /(^|[_/.:])(reset|forgot|forgotten|lost|recover|change|update|rotate)_(password|secret)$/;

/** `DEFAULT_PASSWORD`, `defaultAdminPassword`: the value every installation starts with, named as such. */
const DEFAULT_NAME = /(^|_)default(_|$)/;

/**
 * A literal credential under a credential name. `kind` 'default' takes only names that say the value is a default
 * (reported as a default credential at medium: a weakness of installations that keep it, not a leaked secret);
 * 'secret' takes every other name.
 */
/** An object of messages keyed by field (`errors.password = "Required"`, `labels.token = ...`): text about the field. */
const MESSAGE_OBJECT = /(^|\.)(errors?|messages?|msgs?|labels?|placeholders?|hints?|helpTexts?|help_texts?|texts?|titles?|descriptions?|tooltips?|i18n|translations?|strings|validation(Errors)?)$/i;

function messageObject(target: SgNode | null): boolean {
  const k = target?.kind() as string | undefined;
  if (k !== 'member_expression' && k !== 'attribute' && k !== 'subscript' && k !== 'subscript_expression') return false;
  return MESSAGE_OBJECT.test(target?.field('object')?.text() ?? target?.field('value')?.text() ?? '');
}

/**
 * A settings module that ends by star-importing a deployment's own overrides (`from .localsettings import *`, Django's
 * local_settings convention): its values are the defaults every deployment is meant to replace, so a credential there
 * is a default credential, not the production secret.
 */
const LOCAL_OVERRIDE = /^[ \t]*from[ \t]+[\w.]*\b(local_?settings|settings_?local|local|localconfig|local_config)[ \t]+import[ \t]+\*/m;

function overriddenLocally(node: SgNode): boolean {
  const top = node.ancestors().at(-1);
  return !!top && (top.kind() as string) === 'module' && LOCAL_OVERRIDE.test(top.text());
}

const USER_KEY = /^(user|username|user_name|login|db_user|dbuser)$/;

/**
 * A password beside a user name it repeats (`"USER": "evap", "PASSWORD": "evap"`, `username: 'sendgrid-user',
 * password: 'sendgrid-pass'`): the pair every local install starts with, a default credential, not a leaked secret.
 */
function userNamedPassword(valueNode: SgNode): boolean {
  const pair = valueNode.parent();
  if ((pair?.kind() as string) !== 'pair') return false;
  const stem = (v: string) => v.toLowerCase().split(/[-_.:]/)[0] ?? '';
  const password = stringValue(valueNode);
  for (const sibling of pair!.parent()?.children() ?? []) {
    if (sibling === pair || (sibling.kind() as string) !== 'pair') continue;
    const key = sibling.field('key');
    const value = sibling.field('value');
    if (!key || !value || !isStaticString(value) || !USER_KEY.test(normalizeName(isStaticString(key) ? stringValue(key) : key.text()))) continue;
    const user = stringValue(value);
    return user === password || (stem(user).length >= 3 && stem(user) === stem(password) && /[-_.:]/.test(user));
  }
  return false;
}

/**
 * A value the same object or dict also gives a key that names no credential (`{ email: 'String', password: 'String' }`:
 * a map from fields to their column types, labels or widgets): the value describes the field, it is not its secret.
 */
function sharedWithPlainKey(valueNode: SgNode): boolean {
  const pair = valueNode.parent();
  if ((pair?.kind() as string) !== 'pair') return false;
  const value = stringValue(valueNode);
  for (const sibling of pair!.parent()?.children() ?? []) {
    if (sibling === pair || (sibling.kind() as string) !== 'pair') continue;
    const key = sibling.field('key');
    const other = sibling.field('value');
    if (!key || !other || !isStaticString(other) || stringValue(other) !== value) continue;
    const keyName = normalizeName(isStaticString(key) ? stringValue(key) : key.text());
    // (a password repeating its user name is userNamedPassword's default credential)
    if (!CRED_NAME.test(keyName) && !CRED_WORD.test(keyName) && !USER_KEY.test(keyName)) return true;
  }
  return false;
}

/** Keys under which API descriptions show sample values (OpenAPI `example`/`examples`, JSON Schema `examples`). */
const EXAMPLE_KEY = /^['"]?(example|examples|x-example|sample|samples)['"]?$/;

/**
 * A value inside an API description's example (`examples: { legacy: { value: { apikey: "legacy-api-key" } } }`,
 * `.openapi({ example: { token: "eyJ..." } })`): what the documentation shows a client sending, not a key the code uses.
 */
function documentedExample(valueNode: SgNode): boolean {
  return valueNode.ancestors().slice(0, 12).some((a) => (a.kind() as string) === 'pair' && EXAMPLE_KEY.test(a.field('key')?.text() ?? ''));
}

export function credential(nameNode: SgNode | null, valueNode: SgNode | null, kind: 'secret' | 'default' = 'secret'): boolean {
  if (messageObject(nameNode)) return false;
  if (valueNode && documentedExample(valueNode)) return false;
  const name = lastName(nameNode);
  const norm = normalizeName(name);
  if (!name || !CRED_NAME.test(norm) || !valueNode || !isStaticString(valueNode) || settingsDefault(valueNode) || testDoubleClass(valueNode) || enumMember(valueNode) || inDenyList(valueNode)) return false;
  if ((DEFAULT_NAME.test(norm.replace(/^_+/, '')) || overriddenLocally(valueNode) || userNamedPassword(valueNode)) !== (kind === 'default')) return false;
  // names of an action on a password ({"reset_password": "1/m/ip"} rate limits, templates, routes) hold no password
  if (PASSWORD_ACTION.test(norm) || sharedWithPlainKey(valueNode)) return false;
  const value = stringValue(valueNode);
  // "token" also names parser/lexer tokens and sentinels: require a generated-looking value there.
  // a mapping from a field name to another name ({"smtp_password": "mail_settings"}) names, it holds no secret
  // ... and so does a snake_case identifier under a key-like name (FORM_ACCESS_KEY = "public_form_access"): the
  // dictionary key or setting it names
  if (/^[a-z]+(_[a-z]+)+$/.test(value) && ((valueNode.parent()?.kind() as string) === 'pair' || /(^|_)(key|keys|access_key|api_?key|apikey)$/.test(norm))) return false;
  return credentialLiteral(value, name) && (!AMBIGUOUS_NAME.test(norm) || (looksGenerated(value) && !hasControlChars(value)));
}

const CONN = /^[a-z][a-z0-9+.:-]*:\/\/([^\s:@/]+):([^\s@/]+)@[^\s]+/i;
/** A literal among many URLs in one list or tuple (parser test vectors, examples of accepted input): a table, not config. */
function urlTable(node: SgNode): boolean {
  return node.ancestors().slice(0, 4).some((a) => /^(list|tuple|array)$/.test(a.kind() as string) && (a.text().match(/:\/\//g)?.length ?? 0) >= 4);
}

function connectionString(node: SgNode): boolean {
  if (!isStaticString(node) || urlTable(node)) return false;
  const m = CONN.exec(stringValue(node));
  const [user, password] = [m?.[1] ?? '', m?.[2] ?? ''];
  // a URL to the developer's own machine is a development database's: the secrets analyzer reports it, graded medium
  // as it grades every URL to a local or internal host
  const host = /@([^\s/:?#]+)/.exec(m?.[0] ?? '')?.[1] ?? '';
  if (isLoopbackHost(host)) return false;
  // a password that repeats the user name ('postgres:postgres@db') is the pair a bundled container starts with, as
  // in userNamedPassword: a default to change, not a leaked secret
  return !!m && credentialLiteral(password, 'password') && !/^(pass(word)?|pwd|user|secret)$/i.test(password) && password.toLowerCase() !== user.toLowerCase();
}

const KEYWORDS = ['pass', 'PASS', 'Pass', 'secret', 'SECRET', 'Secret', 'token', 'TOKEN', 'Token', 'key', 'KEY', 'Key', 'pwd', 'PWD'];
const credRefs = [cweRef(798, 'Use of Hard-coded Credentials'), owaspRef('A07'), cheatSheet('Secrets_Management')];
const base = {
  pack: 'secrets-in-code' as const,
  severity: 'high' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-798'],
  owasp: [OWASP.A07],
  impact: 'Anyone with access to the code (or a leaked copy) gets the credential; rotating it requires a code change.',
  references: credRefs,
  redactSnippet: true,
  skipPaths: NOT_CREDENTIAL_PATHS,
};
/** A literal under a credential name, in each place Python writes one: `name = "..."`, `f(name="...")`, dicts, defaults. */
function pyCredentialMatchers(kind: 'secret' | 'default'): TreeMatcher[] {
  const m = (node: string, name: string, value: string): TreeMatcher => ({
    keywords: KEYWORDS,
    rule: { kind: node, all: [{ has: { field: value, kind: 'string' } }, { has: { field: name, regex: NAME_HINT } }] },
    where: (n) => credential(n.field(name), n.field(value), kind),
  });
  return [m('assignment', 'left', 'right'), m('keyword_argument', 'name', 'value'), m('pair', 'key', 'value'), m('default_parameter', 'name', 'value')];
}

function jsCredentialMatchers(kind: 'secret' | 'default'): TreeMatcher[] {
  const m = (node: string, name: string, value: string): TreeMatcher => ({
    keywords: KEYWORDS,
    rule: { kind: node, all: [{ has: { field: value, kind: 'string' } }, { has: { field: name, regex: NAME_HINT } }] },
    where: (n) => credential(n.field(name), n.field(value), kind),
  });
  return [m('variable_declarator', 'name', 'value'), m('assignment_expression', 'left', 'right'), m('pair', 'key', 'value')];
}

const defaultCredential = {
  ...base,
  severity: 'medium' as const,
  evidence: 'credential' as const,
  cwe: ['CWE-1392'],
  references: [cweRef(1392, 'Use of Default Credentials'), owaspRef('A07'), cheatSheet('Secrets_Management')],
  title: 'Default password in code',
  message: 'A default password or key is written in code: every installation that keeps it shares the same credential.',
  impact: 'Installations where the operator never changed the default can be logged into by anyone who reads the code or its documentation.',
};

/** The regex runs inside ast-grep, so only candidate literals cross into JS. */
const connMatcher = (kinds: string[]): TreeMatcher[] =>
  kinds.map((kind) => ({ keywords: ['://'], rule: { kind, regex: '://[^\\s:@/]+:[^\\s@/]+@' }, where: connectionString }));

export const secretsRules = defineRules([
  {
    ...base,
    id: 'py.secrets.hardcoded-credential',
    evidence: 'credential',
    title: 'Hard-coded password or secret',
    languages: ['python'],
    message: 'A password, secret, key or token is assigned a literal value in code.',
    fix: { guidance: 'Read credentials from the environment or a secret manager at runtime.', example: "DB_PASSWORD = os.environ['DB_PASSWORD']" },
    tree: {
      python: pyCredentialMatchers('secret'),
    },
  },
  {
    ...base,
    id: 'js.secrets.hardcoded-credential',
    evidence: 'credential',
    title: 'Hard-coded password or secret',
    languages: ['javascript', 'typescript'],
    message: 'A password, secret, key or token is assigned a literal value in code.',
    fix: { guidance: 'Read credentials from the environment or a secret manager at runtime.', example: 'const password = process.env.DB_PASSWORD;' },
    tree: {
      js: jsCredentialMatchers('secret'),
    },
  },
  {
    ...defaultCredential,
    id: 'py.secrets.default-credential',
    languages: ['python'],
    fix: { guidance: 'Generate the first password at installation (print it once or require it in the setup step) instead of shipping one.', example: "DEFAULT_PASSWORD = os.environ.get('INITIAL_ADMIN_PASSWORD') or secrets.token_urlsafe(16)" },
    tree: { python: pyCredentialMatchers('default') },
  },
  {
    ...defaultCredential,
    id: 'js.secrets.default-credential',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Generate the first password at installation (print it once or require it in the setup step) instead of shipping one.', example: "const defaultPassword = process.env.INITIAL_ADMIN_PASSWORD ?? randomBytes(16).toString('base64url');" },
    tree: { js: jsCredentialMatchers('default') },
  },
  {
    ...base,
    id: 'java.secrets.hardcoded-credential',
    evidence: 'credential',
    title: 'Hard-coded password or secret',
    languages: ['java'],
    message: 'A password, secret, key or token is assigned a literal value, or a literal password is passed to a connection.',
    fix: { guidance: 'Load credentials from the environment, a vault or a protected configuration at runtime.', example: 'String password = System.getenv("DB_PASSWORD");' },
    tree: {
      java: [
        { keywords: KEYWORDS, rule: { kind: 'variable_declarator', all: [{ has: { field: 'value', kind: 'string_literal' } }, { has: { field: 'name', regex: NAME_HINT } }] }, where: (n) => credential(n.field('name'), n.field('value')) },
        javaCall(['getConnection'], 'getConnection', (n) => {
          const pw = positionalArgs(n)[2];
          return !!pw && isStaticString(pw) && credentialLiteral(stringValue(pw), 'password');
        }),
      ],
    },
  },
  {
    ...base,
    id: 'generic.secrets.connection-string-credentials',
    evidence: 'credential',
    title: 'Connection string with embedded password',
    languages: ['python', 'javascript', 'typescript', 'java'],
    message: 'A URL or connection string literal carries a user name and password.',
    fix: { guidance: 'Keep the URL without credentials in config and inject the password from the environment.', example: "url = f\"postgresql://{user}:{os.environ['DB_PASSWORD']}@db/app\"" },
    tree: { python: connMatcher(['string']), js: connMatcher(['string', 'template_string']), java: connMatcher(['string_literal']) },
  },
]);
