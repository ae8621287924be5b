// Derives independent keys from the one server secret (JWT_SECRET) with HKDF, so a key used for one purpose
// never doubles as another. Changing JWT_SECRET signs everyone out and makes stored API tokens unreadable
// (a new one is issued at the next sign-in): documented in docs/configuration.md.
import { hkdfSync } from 'node:crypto';

export interface ServerKeys {
  jwt: Uint8Array;
  apiTokenLookup: Buffer;
  apiTokenEncryption: Buffer;
}

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'duescan', label, 32));
}

export function deriveKeys(secret: string): ServerKeys {
  return {
    jwt: new Uint8Array(derive(secret, 'duescan/jwt-hs256')),
    apiTokenLookup: derive(secret, 'duescan/api-token-lookup'),
    apiTokenEncryption: derive(secret, 'duescan/api-token-encryption'),
  };
}
