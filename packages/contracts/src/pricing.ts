// Volume pricing and promo arithmetic (spec section 9), pure so the web can show the same figure the server
// charges. The server recomputes every amount from the plan catalogue; nothing here trusts a client number.
import { planInfo, type PurchasablePlanId } from './plans';

/** 10-25 scans 20 % off, 26-50 scans 30 % off; more than VOLUME_MAX_SCANS is a conversation with sales. */
export const VOLUME_TIERS = [
  { minScans: 10, maxScans: 25, percent: 20 },
  { minScans: 26, maxScans: 50, percent: 30 },
] as const;
export const VOLUME_MAX_SCANS = 50;

export interface Quote {
  plan: PurchasablePlanId;
  /** Scan credits bought (null for Ultra: unlimited). */
  credits: number | null;
  /** Undiscounted price in cents (the plan's beta price, or per-scan price times scans). */
  originalCents: number;
  volumePercent: number;
  promoPercent: number;
  discountedCents: number;
}

export function volumeDiscountPercent(scans: number): number {
  return VOLUME_TIERS.find((t) => scans >= t.minScans && scans <= t.maxScans)?.percent ?? 0;
}

export class QuoteError extends Error {
  constructor(
    readonly code: 'contact_sales' | 'quantity_not_applicable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Price of a purchase. Without `quantity` it is one plan pack (the catalogue price, its credits). With
 * `quantity` (Pro and Enterprise only) it is that many scans at the pack's per-scan price, less the volume
 * discount. A valid promo (BETA50) takes its percentage off what remains. Amounts are whole cents, rounded once.
 */
export function quote(plan: PurchasablePlanId, opts: { quantity?: number; promoPercent?: number } = {}): Quote {
  const info = planInfo(plan);
  const priceCents = info.price! * 100;
  let credits = info.credits;
  let originalCents = priceCents;
  if (opts.quantity !== undefined) {
    if (info.credits === null) {
      throw new QuoteError('quantity_not_applicable', `${info.name} includes unlimited scans; buy it without a quantity.`);
    }
    if (opts.quantity > VOLUME_MAX_SCANS) {
      throw new QuoteError(
        'contact_sales',
        `Orders of more than ${VOLUME_MAX_SCANS} scans are priced by our sales team. Please contact us through the contact page.`,
      );
    }
    credits = opts.quantity;
    originalCents = Math.round((priceCents / info.credits) * opts.quantity);
  }
  const volumePercent = opts.quantity === undefined ? 0 : volumeDiscountPercent(opts.quantity);
  const promoPercent = opts.promoPercent ?? 0;
  const afterVolume = originalCents * (1 - volumePercent / 100);
  const discountedCents = Math.round(afterVolume * (1 - promoPercent / 100));
  return { plan, credits, originalCents, volumePercent, promoPercent, discountedCents };
}
