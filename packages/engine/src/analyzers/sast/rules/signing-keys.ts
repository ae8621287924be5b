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
