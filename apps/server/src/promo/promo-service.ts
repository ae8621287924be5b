// Promo validation and redemption. Redeeming takes one of the code's slots for the e-mail address (idempotent:
// the same address again keeps its slot); validation redeems, so a price shown as discounted stays discounted
// at payment. Amounts come from the plan catalogue (contracts quote()); the client never sends a price.
import { MESSAGES, quote, QuoteError, type PurchasablePlanId, type TPromoRequest, type TPromoResponse } from '@duescan/contracts';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { inTransaction } from '../db/transaction';
import { claimSlot } from './limited-counter';
import { PROMO_CODES } from './promo-codes';

/** Thrown inside the transaction so the redemption row rolls back with the refused slot. */
class Exhausted extends Error {}

export const promoErrors = {
  invalid: () => new AppError('promo_invalid', MESSAGES.promoInvalid, 400),
  exhausted: () => new AppError('promo_exhausted', MESSAGES.promoExhausted, 409),
};

export function quoteOrThrow(plan: PurchasablePlanId, quantity: number | undefined, promoPercent: number) {
  try {
    return quote(plan, { quantity, promoPercent });
  } catch (error) {
    if (error instanceof QuoteError) throw new AppError(error.code, error.message, 422);
    throw error;
  }
}

export function createPromoService(database: Database) {
  /** The code's percentage once the address holds a slot; null for an unknown code; throws when used up. */
  async function redeem(code: string, email: string): Promise<number | null> {
    const promo = PROMO_CODES[code.toUpperCase()];
    if (!promo) return null;
    try {
      await inTransaction(database, async (tx) => {
        const { rows } = await tx.executeSql(
          'insert into promo_redemptions (code, email) values ($1, $2) on conflict do nothing returning email',
          [code.toUpperCase(), email.toLowerCase()],
        );
        if (rows.length === 0) return; // this address already holds a slot
        if (!(await claimSlot(tx, promo.counter))) throw new Exhausted();
      });
    } catch (error) {
      if (error instanceof Exhausted) throw promoErrors.exhausted();
      throw error;
    }
    return promo.percent;
  }

  return {
    redeem,
    async validate(body: TPromoRequest): Promise<TPromoResponse> {
      quoteOrThrow(body.package, body.quantity, 0); // refuse a bad order before any slot is taken
      const percent = await redeem(body.code, body.email);
      const q = quoteOrThrow(body.package, body.quantity, percent ?? 0);
      return {
        valid: percent !== null,
        savings: (q.originalCents - q.discountedCents) / 100,
        original_price: q.originalCents / 100,
        discounted_price: q.discountedCents / 100,
        credits: q.credits,
        volume_discount_percent: q.volumePercent,
        promo_discount_percent: q.promoPercent,
      };
    },
  };
}
export type PromoService = ReturnType<typeof createPromoService>;
