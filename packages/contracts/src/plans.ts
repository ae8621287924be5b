// Plan catalogue (spec section 3). Prices are beta prices in USD; list prices are twice that.
export const PLAN_IDS = ['free', 'pro', 'enterprise', 'ultra'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PACKAGE_TYPES = ['quick', 'pro', 'enterprise', 'ultra'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export interface PlanInfo {
  id: 'quick' | 'pro' | 'enterprise' | 'ultra' | 'custom';
  name: string;
  /** Beta price in USD; null for free, lower bound for custom. */
  price: number | null;
  listPrice: number | null;
  /** Static-analysis rule packs the tier runs. */
  rulePacks: number | null;
  mostPopular: boolean;
  unlimitedCredits: boolean;
  /** The account plan a purchase activates. */
  plan: PlanId | null;
}

export const PLANS: readonly PlanInfo[] = [
  { id: 'quick', name: 'Quick', price: null, listPrice: null, rulePacks: 0, mostPopular: false, unlimitedCredits: false, plan: 'free' },
  { id: 'pro', name: 'Pro', price: 199, listPrice: 398, rulePacks: 4, mostPopular: false, unlimitedCredits: false, plan: 'pro' },
  { id: 'enterprise', name: 'Enterprise', price: 599, listPrice: 1198, rulePacks: 8, mostPopular: true, unlimitedCredits: false, plan: 'enterprise' },
  { id: 'ultra', name: 'Ultra', price: 899, listPrice: 1798, rulePacks: 14, mostPopular: false, unlimitedCredits: true, plan: 'ultra' },
  { id: 'custom', name: 'Custom', price: 5000, listPrice: null, rulePacks: null, mostPopular: false, unlimitedCredits: false, plan: null },
];

export function planHasUnlimitedCredits(plan: PlanId): boolean {
  return plan === 'ultra';
}
