// POST /beta-testers: public, validated by the contracts schema, limited per client address (the limit is shared with the other public form).
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { ZBetaRequest } from '@duescan/contracts';
import type { BetaService } from './beta-service';

export function betaRoutes(
  beta: BetaService,
  /** Shared by /contact and /beta-testers: one budget per address for both forms. */ formsRateLimit: preHandlerHookHandler,
) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/beta-testers', { preHandler: formsRateLimit }, async (request) => {
      await beta.apply(ZBetaRequest.parse(request.body ?? {}), request.ip);
      return { success: true };
    });
  };
}
