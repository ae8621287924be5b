// Access tokens: HS256 JWTs with subject = user id and a fixed issuer/audience, checked on every request.
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

const ISSUER = 'duescan';
const AUDIENCE = 'duescan-api';

export interface AccessTokens {
  issue(userId: string): Promise<string>;
  /** Returns the user id, or null for any invalid, forged or expired token. */
  verify(token: string): Promise<string | null>;
}

/** Verified tokens remembered per process; the web app polls with the same token every few seconds. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(key: Uint8Array, ttlSeconds: number, now: () => number = Date.now): AccessTokens {
  // token -> subject and expiry, for tokens whose signature and claims checked out. The whole token string
  // (signature included) is the key, so only the exact token that passed is ever accepted without the HMAC;
  // the expiry is still checked on every use. Saves the HMAC (about 0.17 ms) on each request.
  const verified = new LRUCache<string, { sub: string; expMs: number }>({ max: VERIFIED_CACHE_SIZE });
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expMs > now()) return known.sub;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        verified.set(token, { sub: payload.sub, expMs: payload.exp * 1000 });
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}
