// The built-in test provider for self-hosted and development installs (no Stripe key). Its card form posts to
// POST /payments/test/payment-methods; the answer is a payment method id that records the card's outcome under
// an HMAC, so only ids this server issued are charged. Outcomes follow Stripe's documented test cards:
// 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 requires authentication
// (3-D Secure); any other number is declined. No money moves: an operator who leaves Stripe unconfigured lets
// every signed-in user buy plans with these numbers (see docs/configuration.md).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TTestCardRequest } from '@duescan/contracts';
import { Errors } from '../errors';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider';

export const TEST_CARDS = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'declined',
  '4000002500003155': 'requires_action',
} as const;
type Outcome = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];
const OUTCOME_CODES: Record<Outcome, string> = { succeeded: 's', declined: 'd', requires_action: 'a' };

export function createTestProvider(secret: string): PaymentProvider & {
  tokenize(card: TTestCardRequest, now?: Date): { payment_method_id: string; last4: string };
} {
  const sign = (body: string) => createHmac('sha256', `duescan/test-payments/${secret}`).update(body).digest('base64url').slice(0, 22);

  function outcomeOf(paymentMethodId: string): Outcome | null {
    const m = /^pm_test_([sda])_(\d{4})_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{22})$/.exec(paymentMethodId);
    if (!m) return null;
    const expected = Buffer.from(sign(`${m[1]}_${m[2]}_${m[3]}`));
    const given = Buffer.from(m[4]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return (Object.entries(OUTCOME_CODES).find(([, code]) => code === m[1])?.[0] as Outcome | undefined) ?? null;
  }

  return {
    kind: 'test',
    publishableKey: null,
    tokenize(card, now = new Date()) {
      const expiry = new Date(Date.UTC(card.exp_year, card.exp_month)); // first moment after the expiry month
      if (expiry <= now) throw Errors.badRequest('Your card has expired.');
      const outcome: Outcome = TEST_CARDS[card.number as keyof typeof TEST_CARDS] ?? 'declined';
      const last4 = card.number.slice(-4);
      const nonce = randomBytes(6).toString('hex');
      const body = `${OUTCOME_CODES[outcome]}_${last4}_${nonce}`;
      return { payment_method_id: `pm_test_${body}_${sign(body)}`, last4 };
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const outcome = outcomeOf(request.paymentMethodId);
      // Deterministic per order: a retry of the same order gets the same payment id (idempotent like Stripe).
      const providerPaymentId = `pi_test_${request.orderId.replace(/-/g, '')}`;
      if (outcome === null) return { outcome: 'declined', providerPaymentId: null, message: 'Unknown payment method. Enter the card again.' };
      if (outcome === 'declined') return { outcome: 'declined', providerPaymentId, message: 'Your card was declined.' };
      return { outcome, providerPaymentId, clientSecret: null };
    },
  };
}
