// The Stripe provider against a loopback fake of Stripe's REST API and webhook signatures (the SDK is pointed
// at it with STRIPE_API_URL): server-side confirmation, idempotency keys, declines, signed webhooks that repeat,
// race and arrive out of order, and forged signatures refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STARTING_CREDITS } from '@duescan/contracts';
import { ENGINES, setupTestApp, uniqueEmail, type TestContext } from './helpers';
import { intentEvent, startFakeStripe, stripeSignature, type Intent } from './fake-stripe';

const SECRET_KEY = 'sk_test_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef';

describe.each(ENGINES)('Stripe payments on %s', (engine) => {
  let ctx: TestContext;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  /** When set, the fake delivers this webhook for the new intent before answering the confirm request. */
  let raceWebhook: ((intent: Intent) => Promise<void>) | null = null;
  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY, { beforeAnswer: async (intent) => raceWebhook?.(intent) });
    ctx = await setupTestApp(engine, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123',
      STRIPE_API_URL: stripe.url,
      FORM_RATE_LIMIT_PER_IP: '1000',
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  async function signUp() {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail('stripe'), password: 'longenough' } });
    const { access_token: token } = res.json();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
    return { call };
  }
  const webhook = (payload: string, signature?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });
  const intentFor = (orderId: string) => [...stripe.intents.values()].find((i) => i.metadata.order_id === orderId)!;

  it('names Stripe and its publishable key; the test card form is off', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/payments/config' })).json()).toEqual({ provider: 'stripe', publishable_key: 'pk_test_fake_0123' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/payments/test/payment-methods', payload: {} })).statusCode).toBe(404);
    const paths = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json().paths;
    expect(paths['/payments/stripe/webhook'].post.responses['400']).toBeDefined();
    expect(paths['/payments/test/payment-methods']).toBeUndefined();
  });

  it('confirms a PaymentIntent server-side with an idempotency key and grants on success', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'enterprise', payment_method_id: 'pm_card_visa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', plan: 'enterprise', credits_remaining: STARTING_CREDITS + 5, amount: 599 });
    const request = stripe.requests.at(-1)!;
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.idempotencyKey).toBe(`duescan-order-${res.json().payment_id}`);
    expect(request.form).toMatchObject({
      amount: '59900',
      currency: 'usd',
      confirm: 'true',
      payment_method: 'pm_card_visa',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[order_id]': res.json().payment_id,
    });
  });

  it('a declined card answers 402 with Stripe\'s message', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: 'pm_card_chargeDeclined' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: MESSAGES.cardDeclined });
    expect((await buyer.call('GET', '/account/me')).json()).toMatchObject({ plan: 'free', credits_remaining: STARTING_CREDITS });
  });

  it('requires_action, then racing, repeated and out-of-order webhooks grant exactly once', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: 'pm_card_authenticationRequired' });
    expect(res.json()).toMatchObject({ status: 'requires_action', plan: 'free', credits_remaining: STARTING_CREDITS });
    expect(res.json().client_secret).toMatch(/^pi_.+_secret_/);
    const intent = intentFor(res.json().payment_id);

    const succeeded = intentEvent('payment_intent.succeeded', intent);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(succeeded, stripeSignature(WEBHOOK_SECRET, succeeded))));
    for (const a of answers) expect(a.statusCode).toBe(200);
    // A failure event of an earlier attempt arriving late changes nothing.
    const failed = intentEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    expect((await webhook(failed, stripeSignature(WEBHOOK_SECRET, failed))).statusCode).toBe(200);
    // The same success event delivered again (Stripe retries) changes nothing either.
    expect((await webhook(succeeded, stripeSignature(WEBHOOK_SECRET, succeeded))).statusCode).toBe(200);

    expect((await buyer.call('GET', '/account/me')).json()).toMatchObject({ plan: 'pro', credits_remaining: STARTING_CREDITS + 5 });
    const row = (await ctx.database.executeSql('select status, granted_at from payments where id = $1', [res.json().payment_id])).rows[0] as {
      status: string;
      granted_at: Date | null;
    };
    expect(row.status).toBe('succeeded');
    expect(row.granted_at).not.toBeNull();
  });

  it('a success webhook after the synchronous grant changes nothing', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: 'pm_card_visa' });
    const intent = intentFor(res.json().payment_id);
    const event = intentEvent('payment_intent.succeeded', intent);
    expect((await webhook(event, stripeSignature(WEBHOOK_SECRET, event))).statusCode).toBe(200);
    expect((await buyer.call('GET', '/account/me')).json().credits_remaining).toBe(STARTING_CREDITS + 5);
  });

  it('a success webhook processed while the confirm request is still open: granted once', async () => {
    const buyer = await signUp();
    const seen: number[] = [];
    raceWebhook = async (intent) => {
      const event = intentEvent('payment_intent.succeeded', intent);
      seen.push((await webhook(event, stripeSignature(WEBHOOK_SECRET, event))).statusCode);
    };
    try {
      const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'enterprise', payment_method_id: 'pm_card_visa', quantity: 12 });
      expect(seen).toEqual([200]);
      expect(res.json()).toMatchObject({ status: 'succeeded', plan: 'enterprise', credits_remaining: STARTING_CREDITS + 12 });
    } finally {
      raceWebhook = null;
    }
    expect((await buyer.call('GET', '/account/me')).json().credits_remaining).toBe(STARTING_CREDITS + 12);
  });

  it('a Stripe outage answers 502 and leaves the order open for a later webhook', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: 'pm_fake_outage' });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(/could not be reached/);
    const me = (await buyer.call('GET', '/account/me')).json();
    expect(me).toMatchObject({ plan: 'free', credits_remaining: STARTING_CREDITS });
    const { rows } = await ctx.database.executeSql('select status, granted_at from payments where user_id = $1', [me.id]);
    expect(rows).toEqual([{ status: 'created', granted_at: null }]);
  }, 30_000);

  it('refuses webhooks with a bad, missing or stale signature (400) and grants nothing', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: 'pm_card_authenticationRequired' });
    const event = intentEvent('payment_intent.succeeded', intentFor(res.json().payment_id));
    const forged = await webhook(event, stripeSignature('whsec_someone_else', event));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe('Webhook signature verification failed');
    expect((await webhook(event)).statusCode).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await webhook(event, stripeSignature(WEBHOOK_SECRET, event, stale))).statusCode).toBe(400);
    const tampered = event.replace('"amount":19900', '"amount":1');
    expect((await webhook(tampered, stripeSignature(WEBHOOK_SECRET, event))).statusCode).toBe(400);
    expect((await buyer.call('GET', '/account/me')).json()).toMatchObject({ plan: 'free', credits_remaining: STARTING_CREDITS });
  });
});
