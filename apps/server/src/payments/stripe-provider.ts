// Stripe through its official Node SDK: one PaymentIntent per order, created and confirmed server-side with the
// browser's payment method (Stripe.js), the order id as idempotency key and metadata. The webhook (stripe-
// webhook.ts) reports outcomes that arrive later (after 3-D Secure, or when processing ends).
import Stripe from 'stripe';
import { AppError } from '../errors';
import type { StripeSettings } from '../config/commerce-config';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider';

export const PROVIDER_UNAVAILABLE = 
  'The payment provider could not be reached. Please try again in a minute; if your card was charged, the plan is activated automatically.';

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });
}

export function createStripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: request.paymentMethodId,
            confirm: true,
            // Card only, no redirect-based methods: the web confirms 3-D Secure with Stripe.js in place.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: request.description,
            metadata: { order_id: request.orderId, user_id: request.userId },
          },
          { idempotencyKey: `duescan-order-${request.orderId}` },
        );
        if (intent.status === 'succeeded') return { outcome: 'succeeded', providerPaymentId: intent.id, clientSecret: null };
        if (intent.status === 'requires_action') {
          return { outcome: 'requires_action', providerPaymentId: intent.id, clientSecret: intent.client_secret };
        }
        if (intent.status === 'processing') return { outcome: 'processing', providerPaymentId: intent.id, clientSecret: null };
        const message = intent.last_payment_error?.message ?? 'Payment failed';
        return { outcome: 'declined', providerPaymentId: intent.id, message };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
          return { outcome: 'declined', providerPaymentId: raw?.payment_intent?.id ?? null, message: error.message };
        }
        // Unreachable or failing provider: the order row stays 'created'; if Stripe did charge, its webhook
        // (carrying our order id) still grants it.
        if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
          throw new AppError('payment_provider_unavailable', PROVIDER_UNAVAILABLE, 502);
        }
        throw error;
      }
    },
  };
}
