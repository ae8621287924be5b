// Purchase routes: GET /payments/config, POST /payments/test/payment-methods (test provider only),
// POST /subscriptions/create (signed in), POST /payments/stripe/webhook (Stripe only; raw body for the signature).
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type Stripe from 'stripe';
import { ZSubscriptionRequest, ZTestCardRequest, type TPaymentConfig } from '@duescan/contracts';
import { currentUser } from '../http/auth-guard';
import { createFormRateLimit } from '../http/form-rate-limit';
import type { PaymentProvider } from './provider';
import type { SubscriptionService } from './subscription-service';
import type { createTestProvider } from './test-provider';
import { toPaymentEvent, verifyStripeEvent } from './stripe-webhook';

export interface PaymentRouteDeps {
  provider: PaymentProvider;
  subscriptions: SubscriptionService;
  requireUser: preHandlerHookHandler;
  testProvider: ReturnType<typeof createTestProvider> | null;
  stripe: { client: Stripe; webhookSecret: string | null } | null;
  rateLimit: { perIp: number; windowMs: number };
}

export function paymentRoutes(deps: PaymentRouteDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/payments/config', async (): Promise<TPaymentConfig> => ({
      provider: deps.provider.kind,
      publishable_key: deps.provider.publishableKey,
    }));

    const testProvider = deps.testProvider;
    if (testProvider) {
      app.post('/payments/test/payment-methods', async (request) => testProvider.tokenize(ZTestCardRequest.parse(request.body ?? {})));
    }

    // Per-address limit against card testing (many cards tried in a row through our checkout).
    const checkoutLimit = createFormRateLimit(app, 'checkout', deps.rateLimit);
    app.post('/subscriptions/create', { preHandler: [deps.requireUser, checkoutLimit] }, async (request) =>
      deps.subscriptions.create(currentUser(request), ZSubscriptionRequest.parse(request.body ?? {})),
    );

    const stripe = deps.stripe;
    if (stripe?.webhookSecret) {
      const secret = stripe.webhookSecret;
      // The signature covers the exact bytes Stripe sent: this scope keeps JSON bodies raw.
      await app.register(async (scope) => {
        scope.removeContentTypeParser('application/json');
        scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
        scope.post('/payments/stripe/webhook', async (request) => {
          const event = verifyStripeEvent(stripe.client, request.body as Buffer, request.headers['stripe-signature'] as string | undefined, secret);
          const payment = toPaymentEvent(event);
          const result = payment ? await deps.subscriptions.handleEvent(payment) : 'ignored';
          request.log.info({ eventId: event.id, type: event.type, result }, 'stripe webhook');
          return { received: true };
        });
      });
    }
  };
}
