// CLI API tokens. The database holds (a) an HMAC of the token for constant-time lookup and (b) an AES-256-GCM
// ciphertext so the account page can show the token again. Neither yields a usable token without the
// server secret, which never touches the database.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { ServerKeys } from './keys';

/** Recognisable prefix: lets the auth layer tell API tokens from JWTs and secret scanners find leaked ones. */
export const API_TOKEN_PREFIX = 'dsk_';
const DISPLAY_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

export interface StoredApiToken {
  apiTokenHash: string;
  apiTokenCiphertext: string;
  apiTokenPrefix: string;
}

export function isApiToken(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

export function hashApiToken(keys: ServerKeys, token: string): string {
  return createHmac('sha256', keys.apiTokenLookup).update(token).digest('base64url');
}

/** The user id is bound as associated data: a ciphertext copied onto another row does not decrypt. */
export function sealApiToken(keys: ServerKeys, token: string, userId: string): StoredApiToken {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.apiTokenEncryption, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const sealed = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')];
  return {
    apiTokenHash: hashApiToken(keys, token),
    apiTokenCiphertext: sealed.join('.'),
    apiTokenPrefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
  };
}

export function openApiToken(keys: ServerKeys, ciphertext: string, userId: string): string {
  const [version, iv, tag, body] = ciphertext.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown API token ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', keys.apiTokenEncryption, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** 256 bits of randomness: guessing is hopeless, so a fast keyed hash is the right lookup function. */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}
