// POST /validate-promo on each engine: normalisation, the doubled-prefix path, volume pricing, the BETA50
// ceiling under 101 concurrent redemptions, and the per-address rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@duescan/contracts';
import { ENGINES, setupTestApp, uniqueEmail, type TestContext } from './helpers';

describe.each(ENGINES)('promo codes on %s', (engine) => {
  let ctx: TestContext;
  const promo = (body: object, url = '/api/v1/validate-promo') => ctx.app.inject({ method: 'POST', url, payload: body });

  beforeAll(async () => {
    ctx = await setupTestApp(engine, { FORM_RATE_LIMIT_PER_IP: '1000' });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('BETA50 halves the price; code upper-cased, e-mail lower-cased; the doubled prefix works', async () => {
    const email = uniqueEmail('Promo').toUpperCase();
    const r = await promo({ code: ' beta50 ', email, package: 'pro' }, '/api/v1/api/v1/validate-promo');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ valid: true, original_price: 199, discounted_price: 99.5, savings: 99.5, credits: 5 });
    const { rows } = await ctx.database.executeSql('select email from promo_redemptions where code = $1', ['BETA50']);
    expect(rows).toContainEqual({ email: email.toLowerCase() });
    // The same address again keeps its one slot.
    expect((await promo({ code: 'BETA50', email: email.toLowerCase(), package: 'ultra' })).json()).toMatchObject({ valid: true, discounted_price: 449.5 });
    const used = await ctx.database.executeSql(`select used from limited_counters where name = 'promo:BETA50'`);
    expect(used.rows[0]).toEqual({ used: 1 });
  });

  it('answers valid:false for an unknown code and requires both fields', async () => {
    expect((await promo({ code: 'NOPE', email: uniqueEmail(), package: 'enterprise' })).json()).toMatchObject({
      valid: false,
      savings: 0,
      original_price: 599,
      discounted_price: 599,
    });
    const missing = await promo({ code: '', email: uniqueEmail(), package: 'pro' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toContain(MESSAGES.promoFieldsRequired);
  });

  it('applies volume pricing and sends more than 50 scans to sales', async () => {
    const ten = await promo({ code: 'NONE', email: uniqueEmail(), package: 'pro', quantity: 10 });
    expect(ten.json()).toMatchObject({ valid: false, original_price: 398, discounted_price: 318.4, volume_discount_percent: 20, credits: 10 });
    const thirty = await promo({ code: 'BETA50', email: uniqueEmail(), package: 'enterprise', quantity: 30 });
    expect(thirty.json()).toMatchObject({ valid: true, original_price: 3594, discounted_price: 1257.9, volume_discount_percent: 30 });
    const tooMany = await promo({ code: 'BETA50', email: uniqueEmail('sales'), package: 'pro', quantity: 51 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toMatch(/more than 50 scans.*contact/i);
  });

  it('101 concurrent redemptions by distinct e-mails: exactly 100 succeed', async () => {
    await ctx.database.executeSql(`update limited_counters set used = 0 where name = 'promo:BETA50'`);
    await ctx.database.executeSql('delete from promo_redemptions');
    const answers = await Promise.all(
      Array.from({ length: 101 }, (_, i) => promo({ code: 'beta50', email: `race-${i}-${Date.now()}@example.com`, package: 'pro' })),
    );
    const ok = answers.filter((a) => a.statusCode === 200 && a.json().valid === true);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().detail).toBe(MESSAGES.promoExhausted);
    const count = await ctx.database.executeSql(`select count(*)::int as n from promo_redemptions where code = 'BETA50'`);
    expect(count.rows[0]).toEqual({ n: 100 });
  }, 60_000);

  it('limits checks per client address', async () => {
    const limited = await ctx.buildAnother({ FORM_RATE_LIMIT_PER_IP: '2' });
    const call = () => limited.inject({ method: 'POST', url: '/api/v1/validate-promo', payload: { code: 'X', email: uniqueEmail(), package: 'pro' } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const third = await call();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toBe(MESSAGES.tooManyForms);
  });
});
