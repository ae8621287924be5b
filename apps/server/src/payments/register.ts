// Wires the selling side's payment and promo routes onto the API (called once from the composition root).
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createPromoService } from '../promo/promo-service';
import { promoRoutes } from '../promo/routes';
import { createPaymentStore } from './payment-store';
import { paymentRoutes } from './routes';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createSubscriptionService } from './subscription-service';
import { createTestProvider } from './test-provider';

export async function registerPayments(
  api: FastifyInstance,
  deps: { config: Config; database: Database; requireUser: preHandlerHookHandler },
): Promise<void> {
  const { commerce } = deps.config;
  const promos = createPromoService(deps.database);
  const stripeClient = commerce.stripe ? createStripeClient(commerce.stripe) : null;
  const testProvider = stripeClient ? null : createTestProvider(deps.config.jwtSecret);
  const provider = stripeClient ? createStripeProvider(stripeClient, commerce.stripe!) : testProvider!;
  const subscriptions = createSubscriptionService({
    provider,
    payments: createPaymentStore(deps.database),
    promos,
    async creditsOf(userId) {
      const { rows } = await deps.database.executeSql('select plan, credits_remaining from users where id = $1', [userId]);
      const row = rows[0] as { plan: string; credits_remaining: number };
      return { plan: row.plan, credits: row.credits_remaining };
    },
  });
  await api.register(promoRoutes(promos, commerce.formRateLimit));
  await api.register(
    paymentRoutes({
      provider,
      subscriptions,
      requireUser: deps.requireUser,
      testProvider,
      stripe: stripeClient ? { client: stripeClient, webhookSecret: commerce.stripe!.webhookSecret } : null,
      rateLimit: commerce.formRateLimit,
    }),
  );
}
