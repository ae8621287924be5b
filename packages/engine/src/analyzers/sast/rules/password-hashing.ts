// Passwords hashed with a fast general-purpose hash at the call site (md5/sha1/sha2 of a value named password,
// passwd, pwd or passphrase). A fast hash lets a leaked table be brute-forced at billions of guesses a second;
// password storage needs a slow salted KDF. MD5/SHA-1 through hashlib/createHash are already reported by the
// weak-hash rules, so this rule covers what they do not: the SHA-2 family and bare imported md5()/sha1().
import type { SgNode } from '@ast-grep/napi';
import { enclosingScope, isStaticString, positionalArgs, stringValue } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, jsCall, owaspRef, pyCall } from './meta';

const PASSWORD_NAME = /\b\w*(password|passwd|pwd|passphrase)\w*\b/i;
const SHA2 = /^sha-?(224|256|384|512)$/i;

/**
 * The hashed value is the password itself, optionally encoded or joined with a salt: `password.encode()`,
 * `salt + password`. A composite protocol string (HTTP Digest's `user:realm:password`) is not password storage.
 */
const STORED_FORM = /^\(?\s*(\w+\s*\+\s*)?[\w.]*(password|passwd|pwd|passphrase)\w*(\s*\+\s*\w+)?\s*\)?(\.encode\([^)]*\))?$/i;

/**
 * A function that also hands the value to a slow KDF pre-hashes (SHA-512 before bcrypt's 72-byte limit): it
 * does not store the fast hash. Seen as a KDF name, or a hash/compare step the value is passed on to.
 */
const SLOW_KDF = /\b(bcrypt|argon2|scrypt|pbkdf2|PBKDF2|make_password|generate_password_hash|passlib)\b|['"](hash|compare)['"]|\.(hash|compare)\(/;

function hashesPassword(call: SgNode): boolean {
  const arg = positionalArgs(call)[0];
  if (!arg || isStaticString(arg) || !PASSWORD_NAME.test(arg.text()) || !STORED_FORM.test(arg.text().trim())) return false;
  return !SLOW_KDF.test(enclosingScope(call).text().replace(call.text(), ''));
}

/** crypto.createHash('sha256').update(password): the algorithm literal of the createHash call under .update. */
function jsSha2Update(call: SgNode): boolean {
  const callee = call.field('function');
  const create = callee?.field('object');
  if (!create || (create.kind() as string) !== 'call_expression' || !/(^|\.)createHash$/.test(create.field('function')?.text() ?? '')) return false;
  const alg = positionalArgs(create)[0];
  return !!alg && isStaticString(alg) && SHA2.test(stringValue(alg)) && hashesPassword(call);
}

const base = {
  title: 'Password hashed with a fast hash',
  pack: 'crypto' as const,
  severity: 'medium' as const,
  confidence: 'high' as const,
  cwe: ['CWE-916', 'CWE-328'],
  owasp: [OWASP.A02],
  impact: 'If the user table leaks, fast unsalted hashes give up most passwords within hours of GPU cracking.',
  references: [cweRef(916, 'Use of Password Hash With Insufficient Computational Effort'), owaspRef('A02'), cheatSheet('Password_Storage')],
};

export const passwordHashingRules = defineRules([
  {
    ...base,
    id: 'py.crypto.password-fast-hash',
    languages: ['python'],
    // 0 of 8 sampled on 184 real projects stored passwords: a remote API's wire format, a breach-list lookup, a legacy
    // hash verified then upgraded, a log fingerprint
    signal: 'weak',
    message: 'A password is hashed with md5/sha1/sha256/sha512 instead of a password hashing function.',
    fix: { guidance: 'Use a slow salted password hash: argon2, bcrypt, scrypt or PBKDF2 (Django/Werkzeug/passlib helpers).', example: 'from werkzeug.security import generate_password_hash\nuser.password = generate_password_hash(password)' },
    tree: {
      python: [
        pyCall(['sha2', 'sha3', 'sha5', 'sha384'], '(\\w+\\.)*(sha224|sha256|sha384|sha512)', hashesPassword),
        pyCall(['md5', 'sha1'], 'md5|sha1', hashesPassword),
      ],
    },
  },
  {
    ...base,
    id: 'js.crypto.password-fast-hash',
    languages: ['javascript', 'typescript'],
    message: 'A password is hashed with SHA-2 (createHash) or an md5/sha1 helper instead of a password hashing function.',
    fix: { guidance: 'Use a slow salted password hash: argon2, bcrypt, scrypt or crypto.scrypt/pbkdf2 with a per-user salt.', example: 'const hash = await argon2.hash(password);' },
    tree: {
      js: [
        { keywords: ['createHash'], rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', has: { field: 'property', regex: '^update$' } } }, where: jsSha2Update },
        jsCall(['md5', 'sha1', 'sha256', 'sha512'], '(md5|sha1|sha256|sha512|MD5|SHA1|SHA256|SHA512)', hashesPassword),
      ],
    },
  },
]);
