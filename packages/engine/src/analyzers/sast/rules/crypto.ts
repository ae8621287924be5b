// Crypto pack: weak hashes, weak ciphers and modes, non-cryptographic randomness for secrets, TLS checks off.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, enclosingScope, isStaticString, kwarg, positionalArgs, resolveLocal, stringValue } from '../patterns/nodes';
import { OWASP, SECURITY_NAME, cheatSheet, cweRef, defineRules, javaCall, javaNew, jsCall, owaspRef, pyCall } from './meta';

const WEAK_HASH_NAME = /^(md2|md4|md5|sha1|sha-1|sha|ripemd|ripemd160)$/i;
const WEAK_CIPHER = /(^|[-/_])(des|des3|desede|3des|tripledes|rc2|rc4|arcfour|arc4|bf|blowfish|idea|cast5?)([-/_]|$)|(^|[-/])ecb([-/]|$)/i;

/** A static string argument naming a weak algorithm, also as the default of `props.get("k", "MD5")`. */
export function weakLiteral(arg: SgNode | undefined | null, test: RegExp): boolean {
  const node = resolveLocal(arg);
  if (!node) return false;
  if (isStaticString(node)) return test.test(stringValue(node).trim());
  if (/^(call|call_expression|method_invocation)$/.test(node.kind() as string)) {
    const args = positionalArgs(node);
    const last = args[args.length - 1];
    return args.length >= 2 && isStaticString(last) && test.test(stringValue(last!).trim());
  }
  return false;
}

const usedForSecurityFalse = (n: SgNode) => kwarg(n, 'usedforsecurity')?.text() === 'False';

/** The enclosing function reads like security code (token, password, session, reset...). */
function securityContext(node: SgNode): boolean {
  return SECURITY_NAME.test(enclosingScope(node).text());
}

const hashRefs = [cweRef(328, 'Use of Weak Hash'), owaspRef('A02'), cheatSheet('Password_Storage')];
const cipherRefs = [cweRef(327, 'Use of a Broken or Risky Cryptographic Algorithm'), owaspRef('A02'), cheatSheet('Cryptographic_Storage')];
const randRefs = [cweRef(330, 'Use of Insufficiently Random Values'), owaspRef('A02'), cheatSheet('Cryptographic_Storage')];

const hashMeta = {
  title: 'Weak hash algorithm (MD5/SHA-1)',
  pack: 'crypto' as const,
  severity: 'medium' as const,
  confidence: 'high' as const,
  cwe: ['CWE-328'],
  owasp: [OWASP.A02],
  message: 'MD5 and SHA-1 are broken for security purposes (collisions, fast brute force).',
  impact: 'Hashes of passwords or integrity data can be forged or cracked, defeating the protection they are meant to give.',
  references: hashRefs,
};
const cipherMeta = {
  title: 'Weak cipher or ECB mode',
  pack: 'crypto' as const,
  severity: 'high' as const,
  confidence: 'high' as const,
  cwe: ['CWE-327'],
  owasp: [OWASP.A02],
  message: 'DES, 3DES, RC2, RC4, Blowfish and ECB mode do not protect data confidentiality adequately.',
  impact: 'Encrypted data can be decrypted or patterns in it revealed by an attacker.',
  references: cipherRefs,
};
const randMeta = {
  title: 'Insecure randomness for a security value',
  pack: 'crypto' as const,
  severity: 'medium' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-330'],
  owasp: [OWASP.A02],
  message: 'A non-cryptographic random generator is used in code that creates tokens, passwords, sessions or similar secrets.',
  impact: 'Values from predictable generators can be guessed, letting an attacker hijack sessions or reset tokens.',
  references: randRefs,
};

export const cryptoRules = defineRules([  {
    ...hashMeta,
    id: 'py.crypto.weak-hash',
    signal: 'weak',
    languages: ['python'],
    fix: { guidance: 'Use SHA-256 or better; for passwords use a slow KDF (argon2, bcrypt, scrypt, PBKDF2).', example: 'digest = hashlib.sha256(data).hexdigest()' },
    tree: {
      python: [
        pyCall(['md5', 'sha1', 'md4', 'MD5', 'MD4', 'MD2', 'SHA'], 'hashlib\\.(md5|sha1|md4)|(Crypto\\.Hash\\.)?(MD5|MD4|MD2|SHA1?)\\.new|hashes\\.(MD5|SHA1)', (n) => !usedForSecurityFalse(n)),
        pyCall(['hashlib.new'], 'hashlib\\.new', (n) => !usedForSecurityFalse(n) && weakLiteral(positionalArgs(n)[0] ?? kwarg(n, 'name'), WEAK_HASH_NAME)),
      ],
    },
  },
  {
    ...hashMeta,
    id: 'js.crypto.weak-hash',
    signal: 'weak',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Use SHA-256 or better; for passwords use bcrypt, scrypt or argon2.', example: "crypto.createHash('sha256').update(data).digest('hex')" },
    tree: { js: [jsCall(['createHash'], '([\\w.]+\\.)?createHash', (n) => weakLiteral(positionalArgs(n)[0], WEAK_HASH_NAME))] },
  },
  {
    ...hashMeta,
    id: 'java.crypto.weak-hash',
    languages: ['java'],
    fix: { guidance: 'Use SHA-256 or better; for passwords use a slow KDF (PBKDF2, bcrypt, argon2).', example: 'MessageDigest md = MessageDigest.getInstance("SHA-256");' },
    tree: { java: [javaCall(['MessageDigest'], 'getInstance', (n) => weakLiteral(positionalArgs(n)[0], WEAK_HASH_NAME), '([\\w.]+\\.)?MessageDigest')] },
  },
  {
    ...cipherMeta,
    id: 'py.crypto.weak-cipher',
    languages: ['python'],
    // 0 of 10 sampled on 184 real projects was a flaw: ECB over one block as the Yubikey and MEGA formats and GCM's
    // hash subkey require, legacy protocols' own ciphers
    signal: 'weak',
    fix: { guidance: 'Use AES-GCM or ChaCha20-Poly1305 (authenticated encryption) with a random nonce.', example: 'AESGCM(key).encrypt(os.urandom(12), data, None)' },
    tree: {
      python: [
        pyCall(['DES', 'ARC', 'Blowfish', 'CAST'], '(Crypto\\.Cipher\\.|Cryptodome\\.Cipher\\.)?(DES3?|ARC2|ARC4|Blowfish|CAST)\\.new'),
        pyCall(['algorithms.'], '(\\w+\\.)*algorithms\\.(TripleDES|ARC4|Blowfish|CAST5|IDEA|SEED)'),
        pyCall(['ECB'], '(\\w+\\.)*modes\\.ECB'),
        pyCall(['MODE_ECB'], 'AES\\.new', (n) => callArgs(n).some((a) => /MODE_ECB$/.test(a.text()))),
      ],
    },
  },
  {
    ...cipherMeta,
    id: 'js.crypto.weak-cipher',
    languages: ['javascript', 'typescript'],
    fix: { guidance: "Use createCipheriv('aes-256-gcm', key, iv) with a random 12-byte IV and check the auth tag.", example: "const c = crypto.createCipheriv('aes-256-gcm', key, crypto.randomBytes(12));" },
    tree: {
      js: [
        jsCall(['createCipher'], '([\\w.]+\\.)?createCipheriv', (n) => weakLiteral(positionalArgs(n)[0], WEAK_CIPHER)),
        // createCipher derives the key with MD5 and no IV: insecure whatever the algorithm.
        jsCall(['createCipher('], '([\\w.]+\\.)?createCipher'),
      ],
    },
  },
  {
    ...cipherMeta,
    id: 'java.crypto.weak-cipher',
    languages: ['java'],
    fix: { guidance: 'Use "AES/GCM/NoPadding" with a random 12-byte IV.', example: 'Cipher c = Cipher.getInstance("AES/GCM/NoPadding");' },
    tree: {
      java: [
        // "AES" alone defaults to AES/ECB/PKCS5Padding.
        javaCall(['Cipher'], 'getInstance', (n) => weakLiteral(positionalArgs(n)[0], /^(aes|.*(des|rc2|rc4|arcfour|blowfish).*|.*\/ecb\/.*)$/i), '([\\w.]+\\.)?Cipher'),
        // Keys for a weak algorithm mean the weak cipher is in use.
        javaCall(['KeyGenerator', 'SecretKeyFactory'], 'getInstance', (n) => weakLiteral(positionalArgs(n)[0], /^(des|desede|tripledes|rc2|rc4|arcfour|blowfish)$/i), '([\\w.]+\\.)?(KeyGenerator|SecretKeyFactory)'),
      ],
    },
  },
  {
    ...randMeta,
    id: 'py.crypto.insecure-random',
    signal: 'weak',
    languages: ['python'],
    fix: { guidance: 'Use the secrets module for tokens, passwords and keys.', example: 'token = secrets.token_urlsafe(32)' },
    tree: {
      python: [
        pyCall(
          ['random.'],
          'random\\.(random|randint|randrange|choice|choices|sample|getrandbits|randbytes|uniform|normalvariate|gauss|triangular|betavariate|expovariate|shuffle)',
          securityContext,
        ),
      ],
    },
  },
  {
    ...randMeta,
    id: 'js.crypto.insecure-random',
    signal: 'weak',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Use crypto.randomBytes / crypto.randomUUID (Node) or crypto.getRandomValues (browser).', example: "const token = crypto.randomBytes(32).toString('hex');" },
    tree: { js: [jsCall(['Math.random'], 'Math\\.random', securityContext)] },
  },
  {
    ...randMeta,
    id: 'java.crypto.insecure-random',
    signal: 'weak',
    languages: ['java'],
    fix: { guidance: 'Use java.security.SecureRandom for security values.', example: 'byte[] token = new byte[32]; new SecureRandom().nextBytes(token);' },
    tree: {
      java: [
        javaNew(['Random'], '(java\\.util\\.)?Random', securityContext),
        javaCall(['Math.random'], 'random', securityContext, '(java\\.lang\\.)?Math'),
      ],
    },
  },]);

