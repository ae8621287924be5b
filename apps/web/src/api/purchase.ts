// Purchase calls (spec section 7): promo validation, the payment provider's configuration, the built-in test
// provider's card tokenization, and POST /subscriptions/create. The server prices everything; we only name a plan.
import {
  ZPaymentConfig,
  ZPromoResponse,
  ZSubscriptionResponse,
  ZTestCardResponse,
  type PurchasablePlanId,
  type TPaymentConfig,
  type TPromoResponse,
  type TSubscriptionResponse,
  type TTestCardRequest,
  type TTestCardResponse,
} from '@duescan/contracts';
import { apiRequest } from './client';

/**
 * The spec's client writes this path with the /api/v1 prefix although its base already ends in /api/v1
 * (section 7 notes); the server answers both spellings, and we call the one the spec shows.
 */
export const PROMO_PATH = '/api/v1/validate-promo';

export function validatePromo(input: { code: string; email: string; plan: PurchasablePlanId; quantity?: number | null }): Promise<TPromoResponse> {
  return apiRequest(PROMO_PATH, {
    method: 'POST',
    body: { code: input.code.trim().toUpperCase(), email: input.email.trim().toLowerCase(), package: input.plan, ...(input.quantity ? { quantity: input.quantity } : {}) },
    schema: ZPromoResponse,
    auth: false,
  });
}

export function getPaymentConfig(): Promise<TPaymentConfig> {
  return apiRequest('/payments/config', { schema: ZPaymentConfig, auth: false });
}

/** Test provider only: turns the card form's fields into a payment method id, as Stripe.js does for Stripe. */
export function createTestPaymentMethod(card: TTestCardRequest): Promise<TTestCardResponse> {
  return apiRequest('/payments/test/payment-methods', { method: 'POST', body: card, schema: ZTestCardResponse, auth: false });
}

export interface PurchaseInput {
  plan: PurchasablePlanId;
  paymentMethodId: string;
  promo: { code: string; email: string } | null;
  /** Scans bought at the volume price (Pro, Enterprise); null = one plan pack. */
  quantity?: number | null;
}

export function createSubscription({ plan, paymentMethodId, promo, quantity }: PurchaseInput): Promise<TSubscriptionResponse> {
  return apiRequest('/subscriptions/create', {
    method: 'POST',
    body: {
      price_id: plan,
      payment_method_id: paymentMethodId,
      ...(quantity ? { quantity } : {}),
      ...(promo ? { promo_code: promo.code.trim().toUpperCase(), promo_email: promo.email.trim().toLowerCase() } : {}),
    },
    schema: ZSubscriptionResponse,
  });
}
