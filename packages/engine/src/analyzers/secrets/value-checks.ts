// What a value next to a credential keyword is, when it is not a credential: public identifiers (UUIDs, wallet
// and contract addresses), hashes of public data (subresource integrity, content digests), names of things
// (constants, dotted module paths, i18n keys) and sentences. And when it is one, whether it is a weak value
// (a dictionary word or short default) rather than a random key.
import { shannonEntropy } from './entropy';

const UUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
/** Ethereum-style addresses (contracts, wallets) and transaction hashes are public on chain. */
const HEX_ADDRESS = /^0x[0-9a-f]{40}$|^0x[0-9a-f]{64}$/i;
/** Subresource integrity and content digests ("sha512-…", "sha256:…") identify public content. */
const DIGEST = /^(?:sha(?:1|224|256|384|512)|md5)[-:]/i;

/** Keys made to be published in client code: Stripe publishable keys, PostHog project keys. */
const PUBLISHABLE_KEY = /^(pk_(live|test)_|phc_)/;

/** Identifiers anyone may know: the nearest shapes to a credential that are not secret. */
export function isPublicIdentifier(value: string): boolean {
  return UUID.test(value) || HEX_ADDRESS.test(value) || DIGEST.test(value) || PUBLISHABLE_KEY.test(value);
}

/**
 * Names rather than values: a constant or i18n key ("AUTH_TOKEN", "errors.token.expired"), a dotted module path,
 * a lower-case identifier ("refresh_token", "quoted-string"), a URL or file path, or a sentence (messages).
 */
export function isNameOrProse(value: string): boolean {
  if (/\s/.test(value.trim())) return true;
  // Keys and generated passwords are ASCII; accented or non-Latin text is a word of some language.
  if (/[^\x20-\x7e]/.test(value)) return true;
  if (/^[A-Z][A-Z0-9]*(?:[_.-][A-Z0-9]+)+$/.test(value)) return true;
  if (/^[a-z_][\w-]*(?:\.[a-z_][\w-]*)+$/i.test(value) && !/\d/.test(value)) return true;
  if (/^[a-z]+(?:[-_/:][a-z]+)+$/.test(value)) return true;
  if (isCodeReference(value)) return true;
  // Lists of short settings ("1/m/ip,1/m/key", "read,write") are configuration syntax.
  if (value.includes(',') && value.split(',').every((s) => /^[\w/.:-]{1,16}$/.test(s))) return true;
  // Relative file paths ("models/users/token.md") name documents and templates.
  if (/^[\w.-]+(?:\/[\w.-]+)+\.[a-z][a-z0-9]{0,4}$/i.test(value)) return true;
  return /^(\/|\.\.?\/|[a-z][a-z0-9+.-]*:\/\/|#)/i.test(value);
}

/**
 * Code, not a value: a generic type written as a string annotation ("RelatedManager[AuthToken]"), an entry point or
 * import path ("pkg.tests.factories:APIToken"), a camelCase event or handler name ("onSendingResetPassword"), a
 * route template ("auth/reset_password/:token"), a camelCase field name ("accessKeyId"), a regular expression that matches one ("(?P<token>[\w-]*)").
 */
export function isCodeReference(value: string): boolean {
  if (/\(\?P?<\w+>|\\[wdsWDS][*+?{]|\[[^\]]*\\[wdsWDS][^\]]*\][*+?{]/.test(value)) return true;
  if (/^[A-Z][A-Za-z]*\[[\w.]+(?:, ?[\w.]+)*\]$/.test(value)) return true;
  if (/^[a-z_]\w*(?:\.[a-z_]\w*)*:[A-Za-z_]\w*$/.test(value) && /[._]/.test(value)) return true;
  if (/^[a-z]{2,}(?:[A-Z][a-z]{2,}){2,}$/.test(value)) return true;
  // a camelCase field name of letters only ('authToken', 'accessKeyId', 'spaceUrl'): what a form or store reads under
  // the credential key, not the credential
  if (/^[a-z]{2,}(?:[A-Z][a-z]+)+$/.test(value)) return true;
  return /^:?[a-z]+(?:[-_][a-z]+)*(?:\/:?[a-z]+(?:[-_][a-z]+)*)+$/.test(value);
}

/** Values that stand for "no value": literals of other types (type names too), version ranges. */
export function isNonValue(value: string): boolean {
  return (
    /^(true|false|null|none|nil|undefined|yes|no|on|off|\d{1,6}|required|optional|string|number|boolean|bool|str|int|hidden|text|function|object|symbol|bigint)$/i.test(
      value,
    ) || /^[~^<>=v*]*\d+(\.[\dx*]+)+([-+.][\w.]+)?$/i.test(value)
  );
}

/**
 * Stand-ins for a credential, not credentials: the credential's own name ("password", "api-key"), the
 * metasyntactic words of examples and tests ("foo", "test", "testing") with at most a short suffix
 * ("test123", "secret1", "testac"), values that say they are none ("notasecret"), and anything under five characters.
 */
export function isStandIn(value: string): boolean {
  const plain = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (value.length < 5 || plain.length < 4) return true;
  if (/^(test|testing|secret|password|passwd|pass|pwd|token|key|apikey|secretkey|accesskey|authtoken|accesstoken|foo|foobar|bar|baz|qux|demo|abc|xyz|your|mypassword|mysecret)[a-z0-9]{0,3}$/.test(plain)) return true;
  // a value that says it is none ("notasecret", "not-a-real-key", "no_password")
  return /^(not?|non)a?(real)?(secret|key|token|password|passwd|pass|credential)s?$/.test(plain);
}

/** Two spellings of the same name ("webhook_secret" for webhookSecret): the value repeats its key. */
export function repeatsKey(key: string, value: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const k = norm(key);
  const v = norm(value);
  return v.length > 0 && k === v && /[-_.A-Z]/.test(value);
}

/**
 * A random key mixes character classes and has high entropy; a weak value is a word with a few digits or
 * symbols ("supersecret", "P@ssw0rd!", "devpass"). Weak values are still reported (they are real defaults or test
 * credentials), but never above low.
 */
export function isWeakValue(value: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  // A typed password mixing all four classes ("L3dger-Pr0d-2023") is a real one even at modest entropy.
  if (value.length < 10 || classes < 2) return true;
  return classes === 2 && shannonEntropy(value) < 3.5;
}

/**
 * Filler made of one short unit repeated ('S.m6.v.m6.v.m6.v…', 'abcabcabcabc', 'xxxxxxxxxxxxxxxx'): few distinct
 * 4-character windows for its length. A random key of 16 or more characters repeats almost none.
 */
export function isRepetitive(value: string): boolean {
  if (value.length < 16) return false;
  const windows = new Set<string>();
  for (let i = 0; i + 4 <= value.length; i++) windows.add(value.slice(i, i + 4));
  return windows.size / (value.length - 3) < 0.3;
}

/** The developer's own machine: a database there is a development database. */
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?)$/i;
/** A private-network address or a single-label name (a compose service such as `db`). */
const INTERNAL_HOST = /^(10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|[a-z0-9_-]+)$/i;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOST.test(host);
}

/** A loopback, private-network or single-label host: a development or CI service. */
export function isLocalHost(host: string): boolean {
  return isLoopbackHost(host) || INTERNAL_HOST.test(host);
}
