// Hard-coded keys that sign sessions and tokens: Flask/Django SECRET_KEY, app.secret_key, JWT keys passed as
// literals to jwt.encode/decode/sign/verify, express-session and cookie-parser secrets. Whoever reads the code
// can forge a session or token for any user, so a weak word ('secret', 'random') is as bad as a random string:
// unlike the generic credential rule, the value's shape does not matter here, only where it is used.
// Development/test configuration classes, Default*Config base classes (overridden by the instance's config) and
// test, example and docs paths are not production keys.
import type { SgNode } from '@ast-grep/napi';
import { isStaticString, kwarg, objectProp, positionalArgs, resolveLocal, stringValue } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, jsCall, owaspRef, pyCall } from './meta';
import { REPLACE_ME, TEST_SUPPORT_PATH, credential } from './secrets-in-code';

/** Names of settings that hold a signing key (normalized to snake_case); API secrets (STRIPE_SECRET_KEY) are not. */
const SIGNING_NAME = /^((flask_|django_|app_)?secret_key|secret_key_\w+|jwt(_secret)?(_key)?|jwt_signing_key|signing_keys?|(session|cookie|csrf|wtf_csrf)_secret(_key)?|secret_cookie_key)$/;
/** Settings about a key rather than the key: SECRET_KEY_CHARSET, JWT_SECRET_ENV, SIGNING_KEY_FILE. */
// ... and the key under which it is stored or looked up (SECRET_KEY_DB_KEY = "secret-key"), not the secret
const NOT_THE_KEY = /_(charset|chars|length|len|size|bytes|name|env|var|file|path|prefix|header|field|regex|pattern|min|max|setting|url)$|_(db|cache|store|storage|redis|lookup|setting|config)_key$/;
const PLACEHOLDER = /^(\$\{.*\}|\{\{.*\}\}|<.*>|%\(?\w*\)?s)$/;
/** Development/test config classes, and the Default*Config base whose values an instance config overrides. */
const NON_PRODUCTION_CLASS = /(dev|development|test|testing|local|debug)(config|settings)?$|^default\w*config$/i;
const NON_PRODUCTION_PATH = /(^|\/)(tests?|spec|__tests__|examples?|samples?|docs?)\/|(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$|\.(test|spec)\.[jt]sx?$|(^|\/)settings\/(dev|development|local|test|testing|ci)\.py$|(^|\/)(dev|development|local|test)_settings\.py$/i;

function snake(name: string): string {
  return name.replace(/^['"]|['"]$/g, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-\s]/g, '_').toLowerCase();
}

function keyLiteral(value: SgNode | null | undefined): boolean {
  if (!value || !isStaticString(value)) return false;
  const v = stringValue(value).trim();
  // a value asking to be replaced ('replace-this-please') is the operator's cue, as a ${...} template is
  return v.length > 0 && !PLACEHOLDER.test(v) && !REPLACE_ME.test(v);
}

function inNonProductionClass(node: SgNode): boolean {
  return node.ancestors().some((a) => (a.kind() as string) === 'class_definition' && NON_PRODUCTION_CLASS.test(a.field('name')?.text() ?? ''));
}

/** Name a Python assignment target gives its value: `X`, `app.secret_key`, `app.config['SECRET_KEY']`. */
function pyTargetName(target: SgNode | null): string {
  if (!target) return '';
  const k = target.kind() as string;
  if (k === 'attribute') return target.field('attribute')?.text() ?? '';
  if (k === 'subscript') {
    const idx = target.field('subscript');
    return idx && isStaticString(idx) ? stringValue(idx) : '';
  }
  return k === 'identifier' ? target.text() : '';
}

/**
 * A default the module itself refuses (`if app.config["SECRET_KEY"] == "CHANGE ME": fatal_error(...)`): the literal
 * is compared against elsewhere in the file, a sentinel that makes the application stop until a real key is set.
 */
function refusedDefault(value: SgNode, at: SgNode): boolean {
  const v = stringValue(value);
  if (v.length < 4) return false;
  const lit = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const file = at.ancestors().at(-1)?.text() ?? '';
  return new RegExp(`(==|!=|\\bin)\\s*['"]${lit}['"]|['"]${lit}['"]\\s*(==|!=)`).test(file);
}

/** A signing-key setting given a literal the generic credential rule does not already report. */
function pySigningSetting(nameNode: SgNode | null, value: SgNode | null, at: SgNode): boolean {
  const name = snake(pyTargetName(nameNode));
  return SIGNING_NAME.test(name) && !NOT_THE_KEY.test(name) && keyLiteral(value) && !credential(nameNode, value) && !inNonProductionClass(at) && !refusedDefault(value as SgNode, at);
}

const refs = [cweRef(798, 'Use of Hard-coded Credentials'), cweRef(321, 'Use of Hard-coded Cryptographic Key'), owaspRef('A07'), cheatSheet('Secrets_Management')];
const base = {
  pack: 'secrets-in-code' as const,
  severity: 'high' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-798', 'CWE-321'],
  owasp: [OWASP.A07, OWASP.A02],
  impact: 'Anyone who has the code can sign a session cookie or token for any user, administrators included.',
  references: refs,
  redactSnippet: true,
  skipPaths: new RegExp(`${TEST_SUPPORT_PATH.source}|${NON_PRODUCTION_PATH.source}`, 'i'),
};

export const signingKeyRules = defineRules([
  {
    ...base,
    id: 'py.secrets.hardcoded-signing-key',
    title: 'Session or token signing key hard-coded',
    languages: ['python'],
    message: 'A session/token signing key (SECRET_KEY, app.secret_key, a JWT key) is a literal in code.',
    fix: { guidance: 'Read the key from the environment or a secret manager and fail at start-up when it is missing.', example: "app.secret_key = os.environ['SECRET_KEY']" },
    tree: {
      python: [
        {
          keywords: ['secret', 'SECRET', 'KEY', 'key'],
          rule: { kind: 'assignment', has: { field: 'right', kind: 'string' } },
          where: (n) => pySigningSetting(n.field('left'), n.field('right'), n),
        },
        {
          keywords: ['SECRET', 'KEY'],
          rule: { kind: 'keyword_argument', has: { field: 'value', kind: 'string' } },
          where: (n) => pySigningSetting(n.field('name'), n.field('value'), n),
        },
        pyCall(['jwt', 'encode', 'decode'], '(\\w+\\.)*jwt\\.(encode|decode)', (n) => keyLiteral(resolveLocal(positionalArgs(n)[1] ?? kwarg(n, 'key')))),
      ],
    },
  },
  {
    ...base,
    id: 'js.secrets.hardcoded-signing-key',
    title: 'Session or token signing key hard-coded',
    languages: ['javascript', 'typescript'],
    message: 'A JWT key or a session/cookie secret (jwt.sign/verify, express-session, cookie-parser, cookie-session) is a literal in code.',
    fix: { guidance: 'Read the key from the environment or a secret manager and fail at start-up when it is missing.', example: 'app.use(session({ secret: process.env.SESSION_SECRET, ... }))' },
    tree: {
      js: [
        jsCall(['sign', 'verify'], '(\\w+\\.)?(jwt|jsonwebtoken|JWT)\\.(sign|verify)', (n) => keyLiteral(resolveLocal(positionalArgs(n)[1]))),
        jsCall(['cookieParser'], 'cookieParser', (n) => keyLiteral(positionalArgs(n)[0])),
        jsCall(['ession'], '(\\w+\\.)?(session|expressSession|cookieSession|koaSession)', (n) => {
          const opts = positionalArgs(n).find((a) => (a.kind() as string) === 'object');
          const secret = objectProp(opts, 'secret');
          if (secret && keyLiteral(secret)) {
            const pair = secret.parent();
            return !(pair && credential(pair.field('key'), secret));
          }
          const keys = objectProp(opts, 'keys');
          return !!keys && (keys.kind() as string) === 'array' && keys.children().some((c) => keyLiteral(c));
        }),
      ],
    },
  },
]);

// Encryption keys and IVs written as literals and handed to a cipher or MAC in the same file
// (`static KEY = "aneuck27sSi2m3b$"` ... `createCipheriv('aes-128-ecb', Buffer.from(Svc.KEY), ...)`). Reported at
// the literal, where the fix goes. Low: on the 214 real projects it matched 6 literals, none a secret of the project
// (a file format's or a device protocol's published key and IV, a fallback behind an environment variable).
const escapeName = (name: string) => name.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');

/** The declared name and literal value of a JS/TS field or variable, or of a Python assignment, if it is one. */
function declared(n: SgNode): { name: string; value: SgNode | null } {
  const k = n.kind() as string;
  if (k === 'assignment') return { name: pyTargetName(n.field('left')), value: n.field('right') };
  return { name: (n.field('name') ?? n.field('property'))?.text() ?? '', value: n.field('value') };
}

/** A JS/TS use of `name` as a cipher's key (or IV, `iv`) or an HMAC's key, anywhere in the file. */
function jsKeyUse(name: string, iv: boolean): RegExp {
  const id = `[^,()]*(?:\\([^()]*)?\\b${escapeName(name)}\\b`;
  return iv
    ? new RegExp(`\\bcreate(?:De)?[Cc]ipheriv\\(\\s*[^,]+,\\s*[^,]+,${id}`)
    : new RegExp(`\\b(?:create(?:De)?[Cc]ipheriv\\(\\s*[^,]+,|createHmac\\(\\s*[^,]+,|\\b(?:AES|DES|TripleDES|Rabbit|RC4)\\.(?:en|de)crypt\\(\\s*[^,]+,)${id}`);
}

/** A Python use of `name` as a cipher's key (or IV) or an HMAC or Fernet key, anywhere in the file. */
function pyKeyUse(name: string, iv: boolean): RegExp {
  const id = `[^,()]*(?:\\([^()]*)?\\b${escapeName(name)}\\b`;
  return iv
    ? new RegExp(`\\b(?:AES|DES3?|Blowfish|ARC2)\\.new\\([^,]+,[^,]+,${id}|\\bmodes\\.(?:CBC|CFB|OFB|CTR|GCM)\\(${id}|\\biv\\s*=${id}`)
    : new RegExp(`\\b(?:AES|DES3?|Blowfish|ARC2|ARC4|ChaCha20|Salsa20)\\.new\\(${id}|\\balgorithms\\.(?:AES|TripleDES|ChaCha20|Camellia)\\(${id}|\\bhmac\\.new\\(${id}|\\bFernet\\(${id}|\\bAESGCM\\(${id}`);
}

function hardcodedCipherParam(n: SgNode, iv: boolean, use: (name: string, iv: boolean) => RegExp): boolean {
  const { name, value } = declared(n);
  if (!name || !keyLiteral(value) || inNonProductionClass(n)) return false;
  // module or class level only: a function's local `key = '...'` says nothing about another function's `key` parameter
  if (n.ancestors().some((a) => FUNCTION_KINDS.has(a.kind() as string))) return false;
  const file = n.ancestors().at(-1)?.text() ?? '';
  return use(name, iv).test(file);
}

/** Declarations that give a literal a name: a variable, or a class field (`field_definition` in JS, `public_field_definition` in TS). */
const JS_DECLS = new Set(['variable_declarator', 'public_field_definition', 'field_definition']);

/** The JS/TS declaration a string literal is the value of (matched at the literal: each grammar knows only its own field kind). */
function jsDeclarationOf(n: SgNode): SgNode | null {
  const p = n.parent();
  return p && JS_DECLS.has(p.kind() as string) && p.field('value')?.id() === n.id() ? p : null;
}
const FUNCTION_KINDS = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'function_definition', 'generator_function_declaration', 'lambda']);

const cipherBase = {
  pack: 'secrets-in-code' as const,
  severity: 'low' as const,
  confidence: 'low' as const,
  owasp: [OWASP.A02],
  redactSnippet: true,
  skipPaths: base.skipPaths,
};

export const cipherKeyRules = defineRules(
  (['key', 'iv'] as const).flatMap((what) =>
    (['js', 'py'] as const).map((lang) => ({
      ...cipherBase,
      id: `${lang}.crypto.hardcoded-${what === 'key' ? 'cipher-key' : 'iv'}`,
      title: what === 'key' ? 'Encryption or MAC key hard-coded' : 'Fixed initialization vector',
      languages: lang === 'js' ? (['javascript', 'typescript'] as const) : (['python'] as const),
      cwe: what === 'key' ? ['CWE-321'] : ['CWE-329'],
      message:
        what === 'key'
          ? 'A literal in code is used as the key of a cipher or MAC in this file: everyone with the code can decrypt the data or forge its tags.'
          : 'A literal in code is used as the IV of a cipher in this file: every message is encrypted with the same IV, which leaks equal prefixes (CBC) or the keystream (CTR/GCM).',
      impact: what === 'key' ? 'Whoever reads the code (or a leaked copy) decrypts what it protects and forges what it authenticates.' : 'Equal plaintexts give equal ciphertexts; in CTR or GCM mode a repeated IV reveals the XOR of messages and breaks authentication.',
      fix:
        what === 'key'
          ? { guidance: 'Load the key from the environment or a secret manager (or derive it with a KDF from such a secret).', example: lang === 'js' ? "const key = Buffer.from(process.env.DATA_KEY, 'base64');" : "key = base64.b64decode(os.environ['DATA_KEY'])" }
          : { guidance: 'Generate a random IV for every message and send it with the ciphertext.', example: lang === 'js' ? 'const iv = crypto.randomBytes(16);' : 'iv = os.urandom(16)' },
      references: what === 'key' ? [cweRef(321, 'Use of Hard-coded Cryptographic Key'), owaspRef('A02')] : [cweRef(329, 'Generation of Predictable IV with CBC Mode'), owaspRef('A02')],
      tree:
        lang === 'js'
          ? { js: [{ keywords: what === 'key' ? ['ipheriv', 'createHmac', 'crypt('] : ['ipheriv'], rule: { kind: 'string' }, where: (n: SgNode) => { const d = jsDeclarationOf(n); return !!d && hardcodedCipherParam(d, what === 'iv', jsKeyUse); } }] }
          : { python: [{ keywords: what === 'key' ? ['.new(', 'algorithms.', 'Fernet(', 'AESGCM('] : ['.new(', 'modes.', 'iv'], rule: { kind: 'assignment', has: { field: 'right', kind: 'string' } }, where: (n: SgNode) => hardcodedCipherParam(n, what === 'iv', pyKeyUse) }] },
    })),
  ),
);
