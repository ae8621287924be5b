// POST /contact and POST /beta-testers: public, validated by the contracts schemas, limited per client address.
import type { FastifyInstance } from 'fastify';
import { ZBetaRequest, ZContactRequest } from '@duescan/contracts';
import { createFormRateLimit } from '../http/form-rate-limit';
import type { BetaService } from '../beta/beta-service';
import type { ContactService } from './contact-service';

export function formRoutes(contact: ContactService, beta: BetaService, limits: { perIp: number; windowMs: number }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const rateLimit = createFormRateLimit(app, 'forms', limits);
    app.post('/contact', { preHandler: rateLimit }, async (request) => {
      await contact.submit(ZContactRequest.parse(request.body ?? {}), request.ip);
      return { success: true };
    });
    app.post('/beta-testers', { preHandler: rateLimit }, async (request) => {
      await beta.apply(ZBetaRequest.parse(request.body ?? {}), request.ip);
      return { success: true };
    });
  };
}
