// Auth/session pack: cookie flags, session cookie settings, JWTs accepted without verification, assert-based checks.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, enclosingScope, fileNode, hasKwSplat, kwarg, objectProp, positionalArgs } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, javaNew, jsCall, owaspRef, pyCall } from './meta';
import type { PatternRule } from '../patterns/types';
import { optionsObject } from './options-object';

const cookieRefs = [cweRef(614, "Sensitive Cookie in HTTPS Session Without 'Secure' Attribute"), owaspRef('A05'), cheatSheet('Session_Management')];
const httpOnlyRefs = [cweRef(1004, "Sensitive Cookie Without 'HttpOnly' Flag"), owaspRef('A05'), cheatSheet('Session_Management')];
const jwtRefs = [cweRef(347, 'Improper Verification of Cryptographic Signature'), owaspRef('A02'), cheatSheet('JSON_Web_Token_for_Java')];

/** Flask/Django/Starlette set_cookie: flag missing unless explicitly true (kwargs splats are unknown: skip). */
const pyCookieFlagOff = (flag: string) => (n: SgNode) => {
  if (hasKwSplat(n)) return false;
  const v = kwarg(n, flag);
  return !v || v.text() === 'False';
};

const RES = '([\\w.]*\\b(res|resp|response|reply|ctx))';
/** Express res.cookie(name, value, options) / Koa ctx.cookies.set: options missing or flag not true. */
const jsCookieFlagOff = (flag: string) => (n: SgNode) => {
  const args = positionalArgs(n);
  if (args.length < 2) return false;
  const opts = args[2];
  if (!opts) return true;
  if (opts.kind() as string !== 'object' || opts.children().some((c) => c.kind() as string === 'spread_element')) return false;
  const v = objectProp(opts, flag);
  return !v || v.text() === 'false';
};

const javaCookieMissing = (setter: string) => (n: SgNode) => !new RegExp(`\\.${setter}\\(\\s*true\\s*\\)`).test(enclosingScope(n).text());
const JWT_OBJ = '(jwt|jsonwebtoken|JWT|jose\\.jwt)';
const JWT_DECODE_IMPORT = /^\s*from\s+(jwt|jose\.jwt|jose)\s+import\s+[^\n]*\bdecode\b/m;
/**
 * The unverified decode only reads what selects the verification key (header, kid, alg, iss): decode(token,
 * { complete: true }).header, decode(...)['iss'], decode(...).get('kid').
 */
function readsKeySelector(call: SgNode): boolean {
  if (/complete\s*:\s*true/.test(call.text())) return true;
  const parent = call.parent();
  const text = parent?.text().slice(call.text().length) ?? '';
  return /^\s*(\?\.|\.)\s*(header|kid|alg|iss|issuer)\b|^\s*\[\s*["'](header|kid|alg|iss)["']\s*\]|^\s*\.get\(\s*["'](kid|alg|iss)["']/.test(text);
}

/** An algorithms list written out with an HMAC algorithm beside a public-key one. */
function mixesHmacAndPublicKey(list: string): boolean {
  return /['"`]HS(256|384|512)['"`]/.test(list) && /['"`]((RS|ES|PS)(256|384|512)|ES256K|EdDSA)['"`]/.test(list);
}

/** What the JavaScript and Python algorithm-confusion rules share; each adds its language, call and library notes. */
const ALGORITHM_CONFUSION: Pick<PatternRule, 'title' | 'pack' | 'severity' | 'confidence' | 'cwe' | 'owasp' | 'references'> = {
  title: 'JWT verification accepts HMAC and public-key algorithms together',
  pack: 'auth-session',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-347'],
  owasp: [OWASP.A02, OWASP.A07],
  references: jwtRefs,
};
const CONFUSION_IMPACT = 'The key given is then a public key: a token HMAC-signed with that public key (which anyone can read) verifies as HS256 wherever the library does not check the key type';
const CONFUSION_FIX = 'Accept only the algorithm family the key belongs to.';

const PY_UNVERIFIED = /verify_signature["']\s*:\s*False|\bverify\s*=\s*False/;

/** A PyJWT decode with an algorithms list and verification left on: the verifying half of decode-then-verify. */
function hasVerifyingPyDecode(text: string): boolean {
  for (const chunk of text.split(/\bjwt\.decode\(/).slice(1)) {
    let depth = 0;
    let end = chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') {
        if (depth === 0) {
          end = i;
          break;
        }
        depth--;
      }
    }
    const args = chunk.slice(0, end);
    if (/\balgorithms\s*=/.test(args) && !PY_UNVERIFIED.test(args)) return true;
  }
  return false;
}

/** `session({ secret, ... })` of express-session in a file that imports it, with no `secure` under `cookie`. */
function sessionCookieSecureUnset(n: SgNode): boolean {
  const opts = positionalArgs(n)[0];
  if (!opts || (opts.kind() as string) !== 'object' || !objectProp(opts, 'secret')) return false;
  if (!/require\(\s*['"]express-session['"]\s*\)|from\s+['"]express-session['"]/.test(fileNode(n).text())) return false;
  if (opts.children().some((c) => (c.kind() as string) === 'spread_element')) return false;
  const cookie = objectProp(opts, 'cookie');
  if (!cookie) return true;
  return (cookie.kind() as string) === 'object' && !objectProp(cookie, 'secure') && !cookie.children().some((c) => (c.kind() as string) === 'spread_element');
}

export const authRules = defineRules([
  {
    id: 'py.auth.cookie-without-secure',
    signal: 'weak',
    title: "Cookie set without the 'Secure' flag",
    pack: 'auth-session',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-614'],
    owasp: [OWASP.A05],
    message: 'set_cookie() is called without secure=True, so the cookie is also sent over plain HTTP.',
    impact: 'A network attacker can read the cookie (often a session id) from unencrypted requests.',
    fix: { guidance: 'Pass secure=True (and httponly=True, samesite) for every cookie that carries state.', example: "resp.set_cookie('sid', sid, secure=True, httponly=True, samesite='Lax')" },
    references: cookieRefs,
    tree: { python: [pyCall(['set_cookie'], '[\\w.]+\\.set_cookie', pyCookieFlagOff('secure'))] },
  },
  {
    id: 'py.auth.cookie-without-httponly',
    title: "Cookie set without the 'HttpOnly' flag",
    pack: 'auth-session',
    languages: ['python'],
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-1004'],
    owasp: [OWASP.A05],
    message: 'set_cookie() is called without httponly=True, so page scripts can read the cookie.',
    impact: 'Any XSS on the site can steal the cookie (for example a session id).',
    fix: { guidance: 'Pass httponly=True unless client-side code must read the cookie.', example: "resp.set_cookie('sid', sid, secure=True, httponly=True)" },
    references: httpOnlyRefs,
    tree: { python: [pyCall(['set_cookie'], '[\\w.]+\\.set_cookie', pyCookieFlagOff('httponly'))] },
  },
  {
    id: 'py.auth.session-cookie-insecure-setting',
    title: 'Session or CSRF cookie configured insecure',
    pack: 'auth-session',
    languages: ['python'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-614'],
    owasp: [OWASP.A05],
    message: 'SESSION_COOKIE_SECURE / SESSION_COOKIE_HTTPONLY / REMEMBER_COOKIE_SECURE is explicitly set to False.',
    impact: 'The framework session cookie is sent over plain HTTP or exposed to scripts.',
    fix: { guidance: 'Set these settings to True in production configuration.', example: 'SESSION_COOKIE_SECURE = True' },
    references: cookieRefs,
    tree: {
      python: [
        {
          keywords: ['COOKIE_SECURE', 'COOKIE_HTTPONLY'],
          // The CSRF cookie is no credential (Django leaves CSRF_COOKIE_SECURE/HTTPONLY off by default and documents
          // HttpOnly there as no protection); a setting turned off only for a local or debug run is development.
          rule: { kind: 'assignment', all: [{ has: { field: 'left', regex: '(SESSION|REMEMBER)_COOKIE_(SECURE|HTTPONLY)' } }, { has: { field: 'right', kind: 'false' } }] },
          where: (n) => !n.ancestors().some((a) => (a.kind() as string) === 'if_statement' && /localhost|127\.0\.0\.1|DEBUG|debug|develop|\bdev\b|local/i.test(a.field('condition')?.text() ?? '')),
        },
        // aiohttp-session storages take the session cookie's flags as keyword arguments
        pyCall(['httponly', 'secure'], '(aiohttp_session\\.(redis_storage\\.|cookie_storage\\.|memcached_storage\\.)?)?(RedisStorage|EncryptedCookieStorage|SimpleCookieStorage|NaClCookieStorage|MemcachedStorage)', (n) =>
          ['httponly', 'secure'].some((k) => kwarg(n, k)?.text() === 'False'),
        ),
      ],
    },
  },
  {
    id: 'js.auth.cookie-without-secure',
    signal: 'weak',
    title: "Cookie set without the 'Secure' flag",
    pack: 'auth-session',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-614'],
    owasp: [OWASP.A05],
    message: 'res.cookie() / cookies.set() is called without secure: true, or a session cookie is configured with secure: false.',
    impact: 'A network attacker can read the cookie (often a session id) from unencrypted requests.',
    fix: { guidance: 'Set secure: true, httpOnly: true and sameSite on cookies that carry state.', example: "res.cookie('sid', sid, { secure: true, httpOnly: true, sameSite: 'lax' });" },
    references: cookieRefs,
    tree: {
      js: [
        jsCall(['cookie'], `${RES}\\.cookie|${RES}\\.cookies\\.set`, jsCookieFlagOff('secure')),
        {
          keywords: ['secure'],
          rule: { kind: 'pair', all: [{ has: { field: 'key', regex: '^secure$' } }, { has: { field: 'value', kind: 'false' } }], inside: { kind: 'object', inside: { kind: 'pair', has: { field: 'key', regex: '^cookie$' } } } },
        },
        // express-session sends its cookie without Secure unless cookie.secure is set (true, 'auto' or an expression)
        jsCall(['express-session'], '(session|expressSession)', sessionCookieSecureUnset),
      ],
    },
  },
  {
    id: 'js.auth.cookie-without-httponly',
    title: "Cookie set without the 'HttpOnly' flag",
    pack: 'auth-session',
    languages: ['javascript', 'typescript'],
    severity: 'low',
    confidence: 'low',
    cwe: ['CWE-1004'],
    owasp: [OWASP.A05],
    message: 'res.cookie() / cookies.set() is called without httpOnly: true, so page scripts can read the cookie.',
    impact: 'Any XSS on the site can steal the cookie (for example a session id).',
    fix: { guidance: 'Set httpOnly: true unless client-side code must read the cookie.', example: "res.cookie('sid', sid, { secure: true, httpOnly: true });" },
    references: httpOnlyRefs,
    tree: { js: [jsCall(['cookie'], `${RES}\\.cookie|${RES}\\.cookies\\.set`, jsCookieFlagOff('httpOnly'))] },
  },
  {
    id: 'java.auth.cookie-without-secure',
    title: "Cookie set without the 'Secure' flag",
    pack: 'auth-session',
    languages: ['java'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-614'],
    owasp: [OWASP.A05],
    message: 'A servlet Cookie is created without setSecure(true), or with setSecure(false).',
    impact: 'A network attacker can read the cookie from unencrypted requests.',
    fix: { guidance: 'Call setSecure(true) and setHttpOnly(true) before adding the cookie.', example: 'cookie.setSecure(true); cookie.setHttpOnly(true); response.addCookie(cookie);' },
    references: cookieRefs,
    tree: {
      java: [
        javaCall(['setSecure'], 'setSecure', (n) => positionalArgs(n)[0]?.text() === 'false'),
        javaNew(['Cookie'], '(javax\\.servlet\\.http\\.|jakarta\\.servlet\\.http\\.)?Cookie', (n) => javaCookieMissing('setSecure')(n) && !/\.setSecure\(/.test(enclosingScope(n).text())),
      ],
    },
  },
  {
    id: 'java.auth.cookie-without-httponly',
    title: "Cookie set without the 'HttpOnly' flag",
    pack: 'auth-session',
    languages: ['java'],
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-1004'],
    owasp: [OWASP.A05],
    message: 'A servlet Cookie is created without setHttpOnly(true), or with setHttpOnly(false).',
    impact: 'Any XSS on the site can steal the cookie.',
    fix: { guidance: 'Call setHttpOnly(true) unless client-side code must read the cookie.', example: 'cookie.setHttpOnly(true);' },
    references: httpOnlyRefs,
    tree: {
      java: [
        javaCall(['setHttpOnly'], 'setHttpOnly', (n) => positionalArgs(n)[0]?.text() === 'false'),
        javaNew(['Cookie'], '(javax\\.servlet\\.http\\.|jakarta\\.servlet\\.http\\.)?Cookie', (n) => javaCookieMissing('setHttpOnly')(n) && !/\.setHttpOnly\(/.test(enclosingScope(n).text())),
      ],
    },
  },
  {
    id: 'py.auth.jwt-verification-disabled',
    signal: 'weak',
    title: 'JWT decoded without signature verification',
    pack: 'auth-session',
    languages: ['python'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-347'],
    owasp: [OWASP.A02, OWASP.A07],
    message: "jwt.decode() is called with signature verification off (verify=False, verify_signature False) or accepts the 'none' algorithm.",
    impact: 'Anyone can forge a token with any identity or role and the application will trust it.',
    fix: { guidance: 'Always verify: pass the key and an explicit algorithms list.', example: "claims = jwt.decode(token, key, algorithms=['HS256'])" },
    references: jwtRefs,
    tree: {
      python: [
        pyCall(['decode'], `${JWT_OBJ}\\.decode|decode`, (n) => {
          // A bare decode() is PyJWT's only when the module imports it by name (`from jwt import decode`).
          if (n.field('function')?.text() === 'decode' && !JWT_DECODE_IMPORT.test(fileNode(n).text())) return false;
          if (/["']none["']/i.test(kwarg(n, 'algorithms')?.text() ?? '')) return true;
          const opts = kwarg(n, 'options')?.text() ?? '';
          const unverified = kwarg(n, 'verify')?.text() === 'False' || /["']verify_signature["']\s*:\s*False/.test(opts);
          // Decode-then-verify: reading the header or issuer unverified to pick the key, then a verifying decode
          // with a key and an algorithms list in the same module, is how multi-issuer validation works.
          return unverified && !(readsKeySelector(n) && hasVerifyingPyDecode(fileNode(n).text()));
        }),
      ],
    },
  },
  {
    id: 'js.auth.jwt-verification-disabled',
    signal: 'weak',
    title: 'JWT decoded without signature verification',
    pack: 'auth-session',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-347'],
    owasp: [OWASP.A02, OWASP.A07],
    message: "jwt.decode() is used where no jwt.verify() happens in the same function, or verify() accepts the 'none' algorithm.",
    impact: 'decode() does not check the signature: anyone can forge a token with any identity or role.',
    fix: { guidance: 'Use jwt.verify(token, key, { algorithms: [...] }) and trust only its result.', example: "const claims = jwt.verify(token, publicKey, { algorithms: ['RS256'] });" },
    references: jwtRefs,
    tree: {
      js: [
        // decode() with verify() elsewhere in the file (decode to read the header or kid, then verify) is a pre-read
        jsCall(['decode'], `${JWT_OBJ}\\.decode`, (n) => !/\.verify\s*\(/.test(enclosingScope(n).text()) && !(readsKeySelector(n) && /\b(jwt|jsonwebtoken|JWT)\.verify\s*\(|\bjwtVerify\s*\(/.test(fileNode(n).text()))),
        // the options may be a const declared elsewhere in the file
        jsCall(['none'], `${JWT_OBJ}\\.verify`, (n) => callArgs(n).some((a) => /['"`]none['"`]/i.test(objectProp(optionsObject(a), 'algorithms')?.text() ?? ''))),
      ],
    },
  },
  {
    ...ALGORITHM_CONFUSION,
    id: 'js.auth.jwt-algorithm-confusion',
    languages: ['javascript', 'typescript'],
    message: 'jwt.verify() accepts an HMAC algorithm (HS*) beside a public-key one (RS*, ES*, PS*, EdDSA) for the same key.',
    impact: `${CONFUSION_IMPACT} (jsonwebtoken before 9 and other libraries), so anyone can forge any identity or role.`,
    fix: { guidance: CONFUSION_FIX, example: "jwt.verify(token, publicKey, { algorithms: ['RS256'] });" },
    tree: {
      js: [jsCall(['HS'], `${JWT_OBJ}\\.verify`, (n) => callArgs(n).some((a) => mixesHmacAndPublicKey(objectProp(optionsObject(a), 'algorithms')?.text() ?? '')))],
    },
  },
  {
    ...ALGORITHM_CONFUSION,
    id: 'py.auth.jwt-algorithm-confusion',
    languages: ['python'],
    message: 'jwt.decode() accepts an HMAC algorithm (HS*) beside a public-key one (RS*, ES*, PS*, EdDSA) for the same key.',
    impact: `${CONFUSION_IMPACT} (python-jose, old PyJWT), so anyone can forge any identity or role.`,
    fix: { guidance: CONFUSION_FIX, example: "claims = jwt.decode(token, public_key, algorithms=['RS256'])" },
    tree: {
      python: [pyCall(['HS'], `${JWT_OBJ}\\.decode`, (n) => mixesHmacAndPublicKey(kwarg(n, 'algorithms')?.text() ?? ''))],
    },
  },
  {
    id: 'py.auth.assert-used-for-authorization',
    signal: 'weak',
    title: 'assert used for an access check',
    pack: 'auth-session',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-617'],
    owasp: [OWASP.A01],
    message: 'An authentication or permission check is written as an assert statement.',
    impact: 'Python drops assert statements under -O, so the check silently disappears in optimized deployments.',
    fix: { guidance: 'Use an explicit if-check that raises PermissionDenied / returns 403.', example: 'if not user.is_admin:\n    raise PermissionDenied()' },
    references: [cweRef(617, 'Reachable Assertion'), owaspRef('A01'), cheatSheet('Authorization')],
    tree: {
      python: [
        {
          keywords: ['assert'],
          rule: { kind: 'assert_statement', regex: '(is_authenticated|is_admin|is_staff|is_superuser|has_perm|has_permission|permission|authori[sz]ed|logged_in|is_owner|\\.role\\b|check_password|verify_password|current_user)' },
        },
      ],
    },
  },
]);
