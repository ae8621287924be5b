// POST /validate-promo (the spec's client calls it with the /api/v1 prefix twice; app.ts rewrites that spelling).
import type { FastifyInstance } from 'fastify';
import { ZPromoRequest } from '@duescan/contracts';
import { createFormRateLimit } from '../http/form-rate-limit';
import type { PromoService } from './promo-service';

export function promoRoutes(promos: PromoService, limits: { perIp: number; windowMs: number }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const rateLimit = createFormRateLimit(app, 'promo', limits);
    app.post('/validate-promo', { preHandler: rateLimit }, async (request) => promos.validate(ZPromoRequest.parse(request.body ?? {})));
  };
}
