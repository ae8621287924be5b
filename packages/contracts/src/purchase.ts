// Purchase calls: promo validation, the payment-provider configuration the web needs, the built-in test
// provider's card form, and POST /subscriptions/create. Amounts in answers are USD (two decimals).
//
// Routes (all under /api/v1; errors are {detail}):
//   POST /validate-promo (also /api/v1/api/v1/validate-promo)  ZPromoRequest -> ZPromoResponse; public, rate limited.
//        Unknown code: 200 {valid:false, savings:0, ...undiscounted}. BETA50 used up: 409 detail promoExhausted.
//        More than VOLUME_MAX_SCANS: 422 detail 'Orders of more than 50 scans ... contact ...'.
//   GET  /payments/config                                       -> ZPaymentConfig; public.
//   POST /payments/test/payment-methods                          ZTestCardRequest -> ZTestCardResponse; public;
//        404 when Stripe is configured. Test cards: 4242424242424242 succeeded, 4000000000000002 declined,
//        4000002500003155 requires_action; any other number declines.
//   POST /subscriptions/create (signed in)                       ZSubscriptionRequest -> ZSubscriptionResponse;
//        card declined: 402 detail = the card error ('Your card was declined.').
//   POST /payments/stripe/webhook                                Stripe-signed events (server to server).
import { z } from 'zod';
import { zText } from './text';
import { ZEmail } from './api';
import { PURCHASABLE_PLAN_IDS } from './plans';
import { MESSAGES } from './messages';

export const ZPurchasablePlanId = z.enum(PURCHASABLE_PLAN_IDS);

/** Scans bought at the volume price (Pro and Enterprise); absent = one plan pack at the catalogue price. */
const ZQuantity = z.coerce.number().int().min(1, 'Quantity must be at least 1').max(100_000);

export const ZPromoRequest = z.object({
  code: zText().trim().toUpperCase().min(1, MESSAGES.promoFieldsRequired).max(64),
  email: ZEmail,
  package: ZPurchasablePlanId,
  quantity: ZQuantity.optional(),
});
export type TPromoRequest = z.infer<typeof ZPromoRequest>;
export const ZPromoResponse = z.object({
  valid: z.boolean(),
  /** original_price - discounted_price, USD. */
  savings: z.number(),
  original_price: z.number(),
  discounted_price: z.number(),
  /** Scan credits the purchase gives; null = unlimited (Ultra). */
  credits: z.number().int().nullable(),
  volume_discount_percent: z.number(),
  promo_discount_percent: z.number(),
});
export type TPromoResponse = z.infer<typeof ZPromoResponse>;

/** GET /payments/config: which card form the web shows. */
export const ZPaymentConfig = z.object({
  /** 'stripe' = Stripe.js with `publishable_key`; 'test' = the built-in test provider's own card form. */
  provider: z.enum(['stripe', 'test']),
  publishable_key: z.string().nullable(),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** POST /payments/test/payment-methods (test provider only): the card form's tokenize call. */
export const ZTestCardRequest = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12-19 digits')),
  exp_month: z.coerce.number().int().min(1, 'Invalid expiry month').max(12, 'Invalid expiry month'),
  exp_year: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
});
export type TTestCardRequest = z.infer<typeof ZTestCardRequest>;
export const ZTestCardResponse = z.object({ payment_method_id: z.string(), last4: z.string() });
export type TTestCardResponse = z.infer<typeof ZTestCardResponse>;

export const ZSubscriptionRequest = z.object({
  /** The plan bought: 'pro', 'enterprise' or 'ultra'. The server prices it; the client never sends an amount. */
  price_id: ZPurchasablePlanId,
  payment_method_id: zText().trim().min(1).max(200),
  quantity: ZQuantity.optional(),
  promo_code: zText().trim().toUpperCase().max(64).optional(),
  /** The e-mail the promo was validated with; defaults to the account's e-mail. */
  promo_email: ZEmail.optional(),
});
export type TSubscriptionRequest = z.infer<typeof ZSubscriptionRequest>;

/**
 * 'succeeded': plan and credits are on the account. 'requires_action': the card needs the customer's
 * confirmation (3-D Secure); nothing is granted until the provider reports success. 'processing': the provider
 * has not decided yet. A declined card is not a status: it answers 402 with the card error as `detail`.
 */
export const ZPaymentStatus = z.enum(['succeeded', 'requires_action', 'processing', 'failed']);
export const ZSubscriptionResponse = z.object({
  status: ZPaymentStatus,
  payment_id: z.string(),
  /** Stripe only, for requires_action: what Stripe.js needs to confirm the card. */
  client_secret: z.string().nullable(),
  amount: z.number(),
  plan: z.string(),
  credits_remaining: z.number().int(),
});
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

/** The answer Stripe gets from POST /payments/stripe/webhook once an event is verified and handled. */
export const ZStripeWebhookResponse = z.object({ received: z.literal(true) });
