// Limits on the credential endpoints: per client IP and per e-mail address, both must pass. Counters live in
// process memory (one per API node): enough against guessing from one place; a shared store is the scale-out
// path. @fastify/rate-limit's createRateLimit gives checkers we can combine on one route.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '../errors';

export interface AuthRateLimitConfig {
  perIp: number;
  perEmail: number;
  windowMs: number;
}

function emailKey(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}

/** A preHandler (it needs the parsed body for the e-mail) that throws 429 when either limit is exceeded. */
export function createAuthRateLimit(app: FastifyInstance, name: string, limits: AuthRateLimitConfig) {
  const byIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: limits.perEmail,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${name}:email:${emailKey(request) ?? ''}`,
  });
  return async function authRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const results = [await byIp(request)];
    if (emailKey(request)) results.push(await byEmail(request));
    let retryAfter = 0;
    for (const r of results) if (!r.isAllowed && r.isExceeded) retryAfter = Math.max(retryAfter, r.ttlInSeconds);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw Errors.tooManyRequests();
    }
  };
}
