// POST /subscriptions/create: price the order on the server (catalogue, volume, promo), record it, charge it
// through the configured provider and grant on success. The webhook path (handleEvent) grants through the same
// idempotent store operation, so the two may race or repeat.
import { planInfo, type TSubscriptionRequest, type TSubscriptionResponse } from '@duescan/contracts';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { promoErrors, quoteOrThrow, type PromoService } from '../promo/promo-service';
import type { PaymentStore } from './payment-store';
import type { PaymentProvider } from './provider';
import type { PaymentEvent } from './stripe-webhook';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubscriptionDeps {
  provider: PaymentProvider;
  payments: PaymentStore;
  promos: PromoService;
  /** Fresh credits after a grant (the request's user row predates it). */
  creditsOf(userId: string): Promise<{ plan: string; credits: number }>;
}

export function createSubscriptionService({ provider, payments, promos, creditsOf }: SubscriptionDeps) {
  return {
    async create(user: UserRow, body: TSubscriptionRequest): Promise<TSubscriptionResponse> {
      quoteOrThrow(body.price_id, body.quantity, 0); // a bad order is refused before a promo slot is taken
      let promoPercent = 0;
      const promoEmail = body.promo_code ? (body.promo_email ?? user.email) : null;
      if (body.promo_code) {
        const percent = await promos.redeem(body.promo_code, promoEmail!);
        if (percent === null) throw promoErrors.invalid();
        promoPercent = percent;
      }
      const q = quoteOrThrow(body.price_id, body.quantity, promoPercent);
      const orderId = await payments.insert({
        userId: user.id,
        provider: provider.kind,
        plan: body.price_id,
        credits: q.credits,
        amountCents: q.discountedCents,
        promoCode: body.promo_code || null,
        promoEmail,
      });
      const result = await provider.charge({
        orderId,
        userId: user.id,
        amountCents: q.discountedCents,
        currency: 'usd',
        paymentMethodId: body.payment_method_id,
        description: `DueScan ${planInfo(body.price_id).name}${q.credits ? `, ${q.credits} scans` : ''}`,
      });
      if (result.providerPaymentId) await payments.setProviderId(orderId, result.providerPaymentId);
      if (result.outcome === 'declined') {
        await payments.setStatus(orderId, 'failed');
        throw new AppError('card_declined', result.message, 402);
      }
      if (result.outcome === 'succeeded') await payments.grant(orderId);
      else await payments.setStatus(orderId, result.outcome);
      const account = await creditsOf(user.id);
      return {
        status: result.outcome,
        payment_id: orderId,
        client_secret: result.clientSecret,
        amount: q.discountedCents / 100,
        plan: account.plan,
        credits_remaining: account.credits,
      };
    },

    /** A provider event (Stripe webhook): found by our order id in the metadata, else by the provider's id. */
    async handleEvent(event: PaymentEvent): Promise<'granted' | 'already-granted' | 'updated' | 'unknown-order'> {
      const ourId = event.orderId && UUID.test(event.orderId) ? (await payments.byId(event.orderId))?.id : undefined;
      const orderId = ourId ?? (await payments.byProviderId(event.providerPaymentId));
      if (!orderId) return 'unknown-order';
      await payments.setProviderId(orderId, event.providerPaymentId);
      if (event.outcome === 'succeeded') return (await payments.grant(orderId)) ? 'granted' : 'already-granted';
      await payments.setStatus(orderId, event.outcome);
      return 'updated';
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
