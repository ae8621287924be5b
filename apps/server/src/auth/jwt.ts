// Access tokens: HS256 JWTs with subject = user id and a fixed issuer/audience, checked on every request.
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'duescan';
const AUDIENCE = 'duescan-api';

export interface AccessTokens {
  issue(userId: string): Promise<string>;
  /** Returns the user id, or null for any invalid, forged or expired token. */
  verify(token: string): Promise<string | null>;
}

export function createAccessTokens(key: Uint8Array, ttlSeconds: number): AccessTokens {
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
