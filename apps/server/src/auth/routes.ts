// POST /auth/register and POST /auth/login.
import type { FastifyInstance } from 'fastify';
import { ZLoginRequest, ZRegisterRequest } from '@duescan/contracts';
import { createAuthRateLimit, type AuthRateLimitConfig } from '../http/rate-limits';
import type { AuthService } from './service';

export function authRoutes(auth: AuthService, limits: AuthRateLimitConfig) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/auth/register', { preHandler: createAuthRateLimit(app, 'register', limits) }, async (request, reply) => {
      const result = await auth.register(ZRegisterRequest.parse(request.body ?? {}));
      return reply.status(201).send(result);
    });
    app.post('/auth/login', { preHandler: createAuthRateLimit(app, 'login', limits) }, async (request) => {
      return auth.login(ZLoginRequest.parse(request.body ?? {}));
    });
  };
}
