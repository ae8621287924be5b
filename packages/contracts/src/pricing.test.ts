import { describe, expect, it } from 'vitest';
import { quote, QuoteError, volumeDiscountPercent } from './pricing';
import { higherPlan, packageAllowedForPlan, planInfo } from './plans';

describe('plan catalogue', () => {
  it('lets each plan run the packages up to its own tier', () => {
    expect(packageAllowedForPlan('free', 'quick')).toBe(true);
    expect(packageAllowedForPlan('free', 'pro')).toBe(false);
    expect(packageAllowedForPlan('pro', 'pro')).toBe(true);
    expect(packageAllowedForPlan('pro', 'enterprise')).toBe(false);
    expect(packageAllowedForPlan('enterprise', 'enterprise')).toBe(true);
    expect(packageAllowedForPlan('enterprise', 'ultra')).toBe(false);
    expect(packageAllowedForPlan('ultra', 'ultra')).toBe(true);
  });
  it('never downgrades a plan on purchase', () => {
    expect(higherPlan('enterprise', 'pro')).toBe('enterprise');
    expect(higherPlan('free', 'pro')).toBe('pro');
  });
});

describe('quote', () => {
  it('charges the catalogue price for one pack', () => {
    const q = quote('pro');
    expect(q).toMatchObject({ originalCents: 19900, discountedCents: 19900, credits: planInfo('pro').credits });
  });
  it('applies the volume tiers at their edges', () => {
    expect([9, 10, 25, 26, 50].map(volumeDiscountPercent)).toEqual([0, 20, 20, 30, 30]);
    // Pro pack: 199 USD for 5 scans = 39.80 per scan. 10 scans = 398.00, 20 % off = 318.40.
    expect(quote('pro', { quantity: 10 })).toMatchObject({ originalCents: 39800, discountedCents: 31840, credits: 10 });
    expect(quote('enterprise', { quantity: 26 }).discountedCents).toBe(Math.round(11980 * 26 * 0.7));
  });
  it('sends more than 50 scans to sales and refuses a quantity on Ultra', () => {
    expect(() => quote('pro', { quantity: 51 })).toThrow(QuoteError);
    expect(() => quote('ultra', { quantity: 10 })).toThrow(/unlimited/);
  });
  it('takes the promo percentage after the volume discount', () => {
    expect(quote('ultra', { promoPercent: 50 })).toMatchObject({ originalCents: 89900, discountedCents: 44950 });
    expect(quote('pro', { quantity: 10, promoPercent: 50 }).discountedCents).toBe(15920);
  });
});

describe('form schemas', () => {
  it('require name and message, refuse NUL characters, default the optional fields', async () => {
    const { ZContactRequest, ZBetaRequest } = await import('./forms');
    expect(ZContactRequest.parse({ name: ' Ada ', email: 'A@B.CO', message: 'hi' })).toEqual({
      name: 'Ada',
      email: 'a@b.co',
      company: '',
      industry: '',
      message: 'hi',
      hp: '',
    });
    expect(ZContactRequest.safeParse({ name: ' ', email: 'a@b.co', message: 'hi' }).error?.issues[0]?.message).toBe('Name is required');
    expect(ZContactRequest.safeParse({ name: 'A', email: 'a@b.co', message: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      'Text must not contain the NUL character (U+0000)',
    );
    expect(ZBetaRequest.safeParse({ name: 'A', email: 'a@b.co', message: 'x', programming_language: 'cobol' }).success).toBe(false);
  });
});
