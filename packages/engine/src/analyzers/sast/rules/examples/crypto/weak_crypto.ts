// @ts-nocheck
import crypto from 'node:crypto';
import https from 'node:https';
import { createServer as createHttpsServer } from 'node:https';
import tls from 'node:tls';

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

// A local development server with a self-signed certificate; production builds take the other branch.
export function devFetchAgent(env: { DEV: boolean }, mode: string) {
  if (env.DEV) {
    return new https.Agent({
      // ruleid: js.crypto.tls-verify-disabled
      rejectUnauthorized: false,
    });
  }
  if (import.meta.env.DEV) {
    return new https.Agent({
      // ok: js.crypto.tls-verify-disabled
      rejectUnauthorized: false,
    });
  }
  if (process.env.NODE_ENV !== 'production') {
    return new https.Agent({
      // ok: js.crypto.tls-verify-disabled
      rejectUnauthorized: false,
    });
  }
  return mode === 'production' ? undefined : new https.Agent({
    // ruleid: js.crypto.tls-verify-disabled
    rejectUnauthorized: false,
  });
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

// A setting named after the option, tested as off, is the operator's opt-in (SMTP server with a self-signed cert).
export function smtpOptions(settings: { rejectUnauthorized: boolean }, url: URL) {
  const payload: Record<string, unknown> = {};
  if (!settings.rejectUnauthorized) {
    // ok: js.crypto.tls-verify-disabled
    payload.tls = { rejectUnauthorized: false };
  }
  if (settings.rejectUnauthorized) {
    // ruleid: js.crypto.tls-verify-disabled
    payload.proxy = { rejectUnauthorized: false };
  }
  // ok: js.crypto.tls-verify-disabled
  payload.redis = url.searchParams.get('rejectUnauthorized') === 'false' ? { rejectUnauthorized: false } : {};
  // ok: js.crypto.tls-verify-disabled
  payload.mail = process.env.ALLOW_UNAUTHORIZED_CERTS === 'true' ? { rejectUnauthorized: false } : undefined;
  // an environment string tested for truthiness is on for ALLOW_UNAUTHORIZED_CERTS=false too
  // ruleid: js.crypto.tls-verify-disabled
  payload.smtp = process.env.ALLOW_UNAUTHORIZED_CERTS ? { rejectUnauthorized: false } : undefined;
  return payload;
}

// PostgreSQL sslmode as libpq defines it: require/prefer/allow/no-verify encrypt without verifying.
export function pgSsl(sslMode: string) {
  if (sslMode === 'require' || sslMode === 'prefer') {
    // ok: js.crypto.tls-verify-disabled
    return { rejectUnauthorized: false };
  }
  switch (sslMode) {
    case 'no-verify':
      // ok: js.crypto.tls-verify-disabled
      return { rejectUnauthorized: false };
    case 'verify-full':
      return { rejectUnauthorized: true };
    default:
      // ruleid: js.crypto.tls-verify-disabled
      return { rejectUnauthorized: false };
  }
}

export function confluenceFetch(bypassSSL: boolean) {
  // ok: js.crypto.tls-verify-disabled
  if (bypassSSL) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}

// A site checker that only reads the certificate a host serves: it must accept any certificate, and sends nothing.
export function certificateInfo(host: string) {
  return new Promise((resolve) => {
    // ok: js.crypto.tls-verify-disabled
    const socket = tls.connect({ host, port: 443, servername: host, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate();
      socket.destroy();
      resolve(cert.valid_to);
    });
  });
}

// The same connection used to send a request trusts an unverified peer with it.
export function rawGet(host: string, token: string) {
  return new Promise((resolve) => {
    // ruleid: js.crypto.tls-verify-disabled
    const socket = tls.connect({ host, port: 443, rejectUnauthorized: false }, () => {
      socket.write(`GET / HTTP/1.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      socket.on('data', resolve);
      socket.destroy();
    });
  });
}

// A TLS server checks client certificates only when it requests them.
export function serverOptions(key: string, cert: string) {
  // ok: js.crypto.tls-verify-disabled
  const options = { key, cert, requestCert: false, rejectUnauthorized: false };
  // ruleid: js.crypto.tls-verify-disabled
  const mutual = { key, cert, requestCert: true, rejectUnauthorized: false };
  // ok: js.crypto.tls-verify-disabled
  const server = https.createServer({ key, cert, rejectUnauthorized: false });
  // (imported under another name: `import { createServer as createHttpsServer } from 'node:https'`)
  // ok: js.crypto.tls-verify-disabled
  const aliased = createHttpsServer({ key, cert, rejectUnauthorized: false });
  return [options, mutual, server, aliased];
}

// An agent nothing uses makes no connection; one that is used does.
const unusedAgent = new https.Agent({
  // ok: js.crypto.tls-verify-disabled
  rejectUnauthorized: false,
});
const usedAgent = new https.Agent({
  // ruleid: js.crypto.tls-verify-disabled
  rejectUnauthorized: false,
});
export const fetchInsecure = (url: string) => https.get(url, { agent: usedAgent });

// Verification off only where the URL is plain HTTP or the local host: no network path to intercept.
export function download(url: string) {
  const isSecure = new URL(url).protocol === 'https:' && new URL(url).hostname !== 'localhost';
  if (isSecure) {
    return https.get(url);
  } else {
    // ok: js.crypto.tls-verify-disabled
    const httpsAgent = new https.Agent({ rejectUnauthorized: false });
    return https.get(url, { agent: httpsAgent });
  }
}

export function downloadAny(url: string) {
  const isLocal = new URL(url).hostname === 'localhost';
  if (isLocal) {
    // ok: js.crypto.tls-verify-disabled
    return https.get(url, { rejectUnauthorized: false });
  } else {
    // ruleid: js.crypto.tls-verify-disabled
    return https.get(url, { rejectUnauthorized: false });
  }
}

// libpq-style SSL modes: 'require' does not verify, the verify-* modes do; the user picks one.
export function sslOptionsFor(mode: string, ca: string) {
  let ssl = {};
  switch (mode) {
    case 'require':
      // ok: js.crypto.tls-verify-disabled
      ssl = { require: true, rejectUnauthorized: false };
      break;
    case 'verify-full':
      ssl = { require: true, rejectUnauthorized: true, ca };
      break;
  }
  return ssl;
}
// A database connection that never verifies, whatever the setting, is still a finding.
export function alwaysOff(enabled: boolean) {
  // ruleid: js.crypto.tls-verify-disabled
  return enabled ? { ssl: { rejectUnauthorized: false } } : {};
}
