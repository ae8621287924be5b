// Purchases through the built-in test provider (no Stripe key) on each engine: tokenize a test card, buy,
// and check what the account got; declines, 3-D-Secure-like cards, promo and plan rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STARTING_CREDITS } from '@duescan/contracts';
import { ENGINES, setupTestApp, uniqueEmail, type TestContext } from './helpers';

const CARD = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };

describe.each(ENGINES)('test payment provider on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestApp(engine, { FORM_RATE_LIMIT_PER_IP: '1000' });
  }, 60_000);
  afterAll(async () => ctx?.close());

  async function signUp() {
    const email = uniqueEmail('buyer');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password: 'longenough' } });
    const { access_token: token, user_id: userId } = res.json();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
    return { email, userId, call };
  }
  async function cardToken(number: string): Promise<string> {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/payments/test/payment-methods', payload: { number, ...CARD } });
    expect(res.statusCode).toBe(200);
    return res.json().payment_method_id;
  }
  const paymentRow = async (id: string) =>
    (await ctx.database.executeSql('select status, amount_cents, granted_at from payments where id = $1', [id])).rows[0] as {
      status: string;
      amount_cents: number;
      granted_at: Date | null;
    };

  it('names the test provider to the web', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/payments/config' });
    expect(res.json()).toEqual({ provider: 'test', publishable_key: null });
  });

  it('4242 4242 4242 4242 succeeds: plan and credits granted once', async () => {
    const buyer = await signUp();
    const pm = await cardToken('4242 4242 4242 4242');
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: pm });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', amount: 199, plan: 'pro', credits_remaining: STARTING_CREDITS + 5 });
    expect(await paymentRow(res.json().payment_id)).toMatchObject({ status: 'succeeded', amount_cents: 19900 });
    const me = (await buyer.call('GET', '/account/me')).json();
    expect(me).toMatchObject({ plan: 'pro', credits_remaining: STARTING_CREDITS + 5 });
  });

  it('4000 0000 0000 0002 is declined: 402 with the card error, nothing granted', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'enterprise', payment_method_id: await cardToken('4000000000000002') });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: MESSAGES.cardDeclined });
    expect((await buyer.call('GET', '/account/me')).json()).toMatchObject({ plan: 'free', credits_remaining: STARTING_CREDITS });
  });

  it('4000 0025 0000 3155 requires action: the status is returned and nothing is granted', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: await cardToken('4000002500003155') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'requires_action', plan: 'free', credits_remaining: STARTING_CREDITS });
    expect(await paymentRow(res.json().payment_id)).toMatchObject({ status: 'requires_action', granted_at: null });
  });

  it('refuses payment method ids it did not issue and expired cards', async () => {
    const buyer = await signUp();
    const real = await cardToken('4242424242424242');
    const forged = real.replace(/_.{22}$/, '_AAAAAAAAAAAAAAAAAAAAAA');
    expect((await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: forged })).statusCode).toBe(402);
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/test/payment-methods',
      payload: { number: '4242424242424242', exp_month: 1, exp_year: 2020, cvc: '123' },
    });
    expect(expired).toMatchObject({ statusCode: 400 });
    expect(expired.json().detail).toBe('Your card has expired.');
  });

  it('applies BETA50 and volume pricing on the server; an unknown code is refused', async () => {
    const buyer = await signUp();
    const res = await buyer.call('POST', '/subscriptions/create', {
      price_id: 'pro',
      payment_method_id: await cardToken('4242424242424242'),
      quantity: 10,
      promo_code: 'beta50',
    });
    // 10 Pro scans: 398.00, volume 20 % -> 318.40, BETA50 -> 159.20.
    expect(res.json()).toMatchObject({ status: 'succeeded', amount: 159.2, credits_remaining: STARTING_CREDITS + 10 });
    expect(await paymentRow(res.json().payment_id)).toMatchObject({ amount_cents: 15920 });
    const bad = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: await cardToken('4242424242424242'), promo_code: 'FREE100' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(MESSAGES.promoInvalid);
  });

  it('Ultra is unlimited and a smaller purchase never downgrades', async () => {
    const buyer = await signUp();
    await buyer.call('POST', '/subscriptions/create', { price_id: 'ultra', payment_method_id: await cardToken('4242424242424242') });
    const after = await buyer.call('POST', '/subscriptions/create', { price_id: 'pro', payment_method_id: await cardToken('4242424242424242') });
    expect(after.json()).toMatchObject({ status: 'succeeded', plan: 'ultra', credits_remaining: STARTING_CREDITS + 5 });
  });

  it('limits checkout attempts per client address (card testing)', async () => {
    const limited = await ctx.buildAnother({ FORM_RATE_LIMIT_PER_IP: '2' });
    const email = uniqueEmail('limited');
    const { access_token: token } = (
      await limited.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password: 'longenough' } })
    ).json();
    const attempt = async () =>
      (
        await limited.inject({
          method: 'POST',
          url: '/api/v1/subscriptions/create',
          payload: { price_id: 'pro', payment_method_id: await cardToken('4000000000000002') },
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    expect([await attempt(), await attempt(), await attempt()]).toEqual([402, 402, 429]);
  });

  it('requires a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions/create', payload: { price_id: 'pro', payment_method_id: 'pm_x' } });
    expect(res.statusCode).toBe(401);
  });
});
