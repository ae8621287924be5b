// The promo codes the server honours. One today: BETA50, 50 % off for the first 100 distinct e-mail addresses
// (spec section 9); its ceiling lives in the limited_counters row named here (seeded by migration 0003).
import { BETA_DISCOUNT_PERCENT, BETA_PROMO_CODE } from '@duescan/contracts';

export interface PromoCode {
  percent: number;
  /** limited_counters row that caps distinct redemptions. */
  counter: string;
}

export const PROMO_CODES: Readonly<Record<string, PromoCode>> = {
  [BETA_PROMO_CODE]: { percent: BETA_DISCOUNT_PERCENT, counter: `promo:${BETA_PROMO_CODE}` },
};
