// The selling side's services (built once by the composition root) and their routes (payments and promo).
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

export function createPayments(config: Config, database: Database) {
  const { commerce } = config;
  const promos = createPromoService(database);
  const stripeClient = commerce.stripe ? createStripeClient(commerce.stripe) : null;
  const testProvider = stripeClient ? null : createTestProvider(config.jwtSecret);
  const provider = stripeClient ? createStripeProvider(stripeClient, commerce.stripe!) : testProvider!;
  const subscriptions = createSubscriptionService({
    provider,
    payments: createPaymentStore(database),
    promos,
    async creditsOf(userId) {
      const { rows } = await database.executeSql('select plan, credits_remaining from users where id = $1', [userId]);
      const row = rows[0] as { plan: string; credits_remaining: number };
      return { plan: row.plan, credits: row.credits_remaining };
    },
  });
  return {
    promos,
    provider,
    testProvider,
    subscriptions,
    stripe: stripeClient ? { client: stripeClient, webhookSecret: commerce.stripe!.webhookSecret } : null,
    rateLimit: commerce.formRateLimit,
  };
}
export type Payments = ReturnType<typeof createPayments>;

export async function registerPayments(api: FastifyInstance, payments: Payments, requireUser: preHandlerHookHandler): Promise<void> {
  await api.register(promoRoutes(payments.promos, payments.rateLimit));
  await api.register(
    paymentRoutes({
      provider: payments.provider,
      subscriptions: payments.subscriptions,
      requireUser,
      testProvider: payments.testProvider,
      stripe: payments.stripe,
      rateLimit: payments.rateLimit,
    }),
  );
}
