// Session or identity state decoded straight from a cookie with no signature: `json.loads(b64decode(cookie))`,
// `JSON.parse(Buffer.from(req.cookies.x, 'base64'))`. Base64 is an encoding, not a seal, so the client can
// write any username or role into the cookie (CWE-565). Signed cookies (itsdangerous, Flask's session,
// cookie-parser signedCookies, JWT verify) are read through their own APIs and are not matched.
import type { SgNode } from '@ast-grep/napi';
import { positionalArgs, resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, jsCall, owaspRef, pyCall } from './meta';

const PY_COOKIE = /\b(request\.cookies|COOKIES)\b|\bcookie\b/i;
const JS_COOKIE = /\breq\.cookies\b|\bcookies?\b/i;

/** The decoded text comes from base64 of a cookie value, following one local variable. */
function base64OfCookie(arg: SgNode | undefined, cookie: RegExp): boolean {
  if (!arg) return false;
  const value = resolveLocal(arg) ?? arg;
  const text = value.text();
  if (!/b64decode|base64|atob\(/.test(text)) return false;
  if (cookie.test(text)) return true;
  // b64decode(cookie) where cookie = request.cookies.get(...)
  return value
    .findAll({ rule: { kind: 'identifier' } })
    .some((id) => !/^(b64decode|base64|Buffer|from|atob)$/.test(id.text()) && cookie.test(resolveLocal(id)?.text() ?? ''));
}

const base = {
  pack: 'auth-session' as const,
  severity: 'high' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-565'],
  owasp: [OWASP.A07, OWASP.A08],
  message: 'State is decoded from a cookie with base64 + JSON and no signature check.',
  impact: 'The client controls the cookie: anyone can set another username or role in it and be treated as that user.',
  references: [cweRef(565, 'Reliance on Cookies without Validation and Integrity Checking'), owaspRef('A07'), cheatSheet('Session_Management')],
};

export const unsignedCookieStateRules = defineRules([
  {
    ...base,
    id: 'py.auth.unsigned-cookie-state',
    title: 'Session state read from an unsigned cookie',
    languages: ['python'],
    fix: { guidance: "Use the framework's signed session, or sign the value (itsdangerous URLSafeTimedSerializer) and verify it on read.", example: 'data = URLSafeTimedSerializer(app.secret_key).loads(cookie, max_age=3600)' },
    tree: { python: [pyCall(['loads'], '(json|simplejson)\\.loads', (n) => base64OfCookie(positionalArgs(n)[0], PY_COOKIE))] },
  },
  {
    ...base,
    id: 'js.auth.unsigned-cookie-state',
    title: 'Session state read from an unsigned cookie',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Use a signed session (express-session, cookie-parser signedCookies) or verify a JWT before trusting the value.', example: 'const session = req.signedCookies.session;' },
    tree: { js: [jsCall(['JSON.parse'], 'JSON\\.parse', (n) => base64OfCookie(positionalArgs(n)[0], JS_COOKIE))] },
  },
]);
