// Bearer authentication for protected routes: a JWT access token or a CLI API token.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { Errors } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on protected routes. */
    user: UserRow | null;
  }
}

export function bearerCredential(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** `auth`: the auth service (auth/service.ts); only its credential check is needed here. */
export function createAuthGuard(auth: { authenticate(credential: string): Promise<UserRow | null> }) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const credential = bearerCredential(request);
    const user = credential ? await auth.authenticate(credential) : null;
    if (!user) throw Errors.notAuthenticated();
    request.user = user;
  };
}

/** For handlers behind the guard: the user is always there. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw Errors.notAuthenticated();
  return request.user;
}
