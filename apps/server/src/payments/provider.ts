// The payment-provider interface. Two implementations, chosen at the composition root (register.ts): Stripe
// (official SDK, PaymentIntents) when STRIPE_SECRET_KEY is set, else the built-in test provider.
export interface ChargeRequest {
  /** Our order id (payments.id): the provider's idempotency key and metadata, so a retry never charges twice. */
  orderId: string;
  userId: string;
  amountCents: number;
  currency: 'usd';
  paymentMethodId: string;
  description: string;
}

export type ChargeResult =
  | {
      outcome: 'succeeded' | 'requires_action' | 'processing';
      providerPaymentId: string;
      /** Stripe: what Stripe.js needs to finish a requires_action payment in the browser. */
      clientSecret: string | null;
    }
  | { outcome: 'declined'; providerPaymentId: string | null; message: string };

export interface PaymentProvider {
  kind: 'stripe' | 'test';
  /** The key the browser SDK needs (Stripe); null for the test provider. */
  publishableKey: string | null;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
