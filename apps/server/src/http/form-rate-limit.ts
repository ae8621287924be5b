// Per-client-address limit for the public, unauthenticated forms (contact, beta application, promo check).
// In-process counters like the auth limits (http/rate-limits.ts); a shared store is the scale-out path.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@duescan/contracts';
import { AppError } from '../errors';

export function createFormRateLimit(app: FastifyInstance, name: string, limits: { perIp: number; windowMs: number }) {
  const byIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  return async function formRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await byIp(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('rate_limited', MESSAGES.tooManyForms, 429);
    }
  };
}
