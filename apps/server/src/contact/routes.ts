// POST /contact: public, validated by the contracts schema, limited per client address (the limit is shared with the other public form).
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { ZContactRequest } from '@duescan/contracts';
import type { ContactService } from './contact-service';

export function contactRoutes(
  contact: ContactService,
  /** Shared by /contact and /beta-testers: one budget per address for both forms. */ formsRateLimit: preHandlerHookHandler,
) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/contact', { preHandler: formsRateLimit }, async (request) => {
      await contact.submit(ZContactRequest.parse(request.body ?? {}), request.ip);
      return { success: true };
    });
  };
}
