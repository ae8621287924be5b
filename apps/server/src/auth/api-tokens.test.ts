import { describe, expect, it } from 'vitest';
import { generateApiToken, hashApiToken, isApiToken, openApiToken, sealApiToken } from './api-tokens';
import { deriveKeys } from './keys';

const keys = deriveKeys('unit-test-secret-that-is-long-enough-0123456789');
const userId = '8a6e0f5e-0a4b-4c61-9b1e-5d2f7c3a9e10';

describe('API tokens', () => {
  it('are prefixed, random and recognisable', () => {
    const a = generateApiToken();
    expect(isApiToken(a)).toBe(true);
    expect(a).not.toBe(generateApiToken());
    expect(isApiToken('eyJhbGciOi...')).toBe(false);
  });

  it('seal to a keyed hash and a ciphertext that reopen only with the same secret and user', () => {
    const token = generateApiToken();
    const stored = sealApiToken(keys, token, userId);
    expect(stored.apiTokenHash).toBe(hashApiToken(keys, token));
    expect(stored.apiTokenCiphertext).not.toContain(token.slice(4));
    expect(stored.apiTokenPrefix).toBe(token.slice(0, 10));
    expect(openApiToken(keys, stored.apiTokenCiphertext, userId)).toBe(token);

    const otherKeys = deriveKeys('another-secret-that-is-long-enough-0123456789');
    expect(hashApiToken(otherKeys, token)).not.toBe(stored.apiTokenHash);
    expect(() => openApiToken(otherKeys, stored.apiTokenCiphertext, userId)).toThrow();
    // Ciphertext moved onto another user's row does not decrypt (user id is authenticated data).
    expect(() => openApiToken(keys, stored.apiTokenCiphertext, '00000000-0000-4000-8000-000000000000')).toThrow();
  });

  it('detect tampering', () => {
    const stored = sealApiToken(keys, generateApiToken(), userId);
    const parts = stored.apiTokenCiphertext.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => openApiToken(keys, parts.join('.'), userId)).toThrow();
  });
});
