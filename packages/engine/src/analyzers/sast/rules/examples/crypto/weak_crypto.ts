// @ts-nocheck
import crypto from 'node:crypto';
import https from 'node:https';

export function digest(data: string) {
  // ruleid: js.crypto.weak-hash
  const a = crypto.createHash('md5').update(data).digest('hex');
  // ruleid: js.crypto.weak-hash
  const b = crypto.createHash('SHA1').update(data).digest('hex');
  // ok: js.crypto.weak-hash
  const c = crypto.createHash('sha256').update(data).digest('hex');
  // ok: js.crypto.weak-hash
  const d = crypto.createHash(algorithmFromConfig).update(data).digest('hex');
  return [a, b, c, d];
}

export function encrypt(key: Buffer, iv: Buffer, data: string) {
  // ruleid: js.crypto.weak-cipher
  const a = crypto.createCipheriv('des-ede3-cbc', key, iv);
  // ruleid: js.crypto.weak-cipher
  const b = crypto.createCipheriv('aes-128-ecb', key, null);
  // ruleid: js.crypto.weak-cipher
  const c = crypto.createCipher('aes-256-cbc', 'password');
  // ok: js.crypto.weak-cipher
  const d = crypto.createCipheriv('aes-256-gcm', key, iv);
  return [a, b, c, d, data];
}

export function generateResetToken() {
  // ruleid: js.crypto.insecure-random
  return Math.random().toString(36).slice(2);
}

export function createApiKey() {
  // ok: js.crypto.insecure-random
  return crypto.randomBytes(32).toString('hex');
}

export function jitter(ms: number) {
  // ok: js.crypto.insecure-random
  return ms + Math.floor(Math.random() * 100);
}

export const agent = new https.Agent({
  // ruleid: js.crypto.tls-verify-disabled
  rejectUnauthorized: false,
});

// Verification off only when the operator opts in to a self-signed server certificate.
export function mailTransport(settings: { allowSelfSigned: boolean; insecure: boolean }) {
  const options: Record<string, unknown> = {
    // ok: js.crypto.tls-verify-disabled
    tls: settings.allowSelfSigned ? { rejectUnauthorized: false } : undefined,
  };
  if (settings.allowSelfSigned) {
    // ok: js.crypto.tls-verify-disabled
    options.tls = { rejectUnauthorized: false };
  }
  // ruleid: js.crypto.tls-verify-disabled
  options.proxy = settings.insecure ? undefined : { rejectUnauthorized: false };
  return options;
}

export const strictAgent = new https.Agent({
  // ok: js.crypto.tls-verify-disabled
  rejectUnauthorized: true,
});

// ruleid: js.crypto.tls-verify-disabled
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
// ok: js.crypto.tls-verify-disabled
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '1';

export const legacy = new https.Agent({
  // ruleid: js.crypto.obsolete-tls-version
  secureProtocol: 'TLSv1_method',
});

export const modern = new https.Agent({
  // ok: js.crypto.obsolete-tls-version
  minVersion: 'TLSv1.2',
});
