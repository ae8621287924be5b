// Stripe's signed webhooks, verified by the SDK (stripe.webhooks.constructEvent over the raw body with
// STRIPE_WEBHOOK_SECRET, default 5-minute tolerance). Only PaymentIntent outcomes matter to us.
import type Stripe from 'stripe';
import { AppError } from '../errors';

export interface PaymentEvent {
  orderId: string | null;
  providerPaymentId: string;
  outcome: 'succeeded' | 'failed' | 'requires_action' | 'processing';
}

export function verifyStripeEvent(stripe: Stripe, rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('bad_signature', 'Missing Stripe-Signature header', 400);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('bad_signature', 'Webhook signature verification failed', 400);
  }
}

const OUTCOMES: Partial<Record<Stripe.Event['type'], PaymentEvent['outcome']>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
  'payment_intent.requires_action': 'requires_action',
  'payment_intent.processing': 'processing',
};

export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const outcome = OUTCOMES[event.type];
  if (!outcome) return null;
  const intent = event.data.object as Stripe.PaymentIntent;
  return { orderId: intent.metadata?.order_id ?? null, providerPaymentId: intent.id, outcome };
}
