// Plan catalogue (spec section 3): the one source of prices, credits and package limits for server, web and CLI.
// Prices are beta prices in USD; list prices are twice that. The server decides every amount charged from this
// table; a client only names a plan (`price_id`). Rule packs come from the tier table (tiers.ts).
import { PACKAGE_TIERS } from './tiers';

export const PLAN_IDS = ['free', 'pro', 'enterprise', 'ultra'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PACKAGE_TYPES = ['quick', 'pro', 'enterprise', 'ultra'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
/** The plans a card payment can buy; `price_id` of POST /subscriptions/create is one of these. */
export const PURCHASABLE_PLAN_IDS = ['pro', 'enterprise', 'ultra'] as const;
export type PurchasablePlanId = (typeof PURCHASABLE_PLAN_IDS)[number];

/** Credits a newly registered (free plan) user starts with: enough for three Quick scans. */
export const STARTING_CREDITS = 3;

export interface PlanInfo {
  id: 'quick' | 'pro' | 'enterprise' | 'ultra' | 'custom';
  name: string;
  /** Beta price in USD; null for free, lower bound for custom. */
  price: number | null;
  listPrice: number | null;
  /** Static-analysis rule packs the package runs (from PACKAGE_TIERS); null for Custom. */
  rulePacks: number | null;
  mostPopular: boolean;
  unlimitedCredits: boolean;
  /**
   * Scan credits the plan gives: at registration for Quick (free), per purchase for Pro and Enterprise (a pack of
   * scans; the price buys this many). null = unlimited (Ultra) or agreed with sales (Custom).
   */
  credits: number | null;
  /** The account plan a purchase activates. */
  plan: PlanId | null;
}

export const PLANS: readonly PlanInfo[] = [
  { id: 'quick', name: 'Quick', price: null, listPrice: null, rulePacks: PACKAGE_TIERS.quick.rulePacks, mostPopular: false, unlimitedCredits: false, credits: STARTING_CREDITS, plan: 'free' },
  { id: 'pro', name: 'Pro', price: 199, listPrice: 398, rulePacks: PACKAGE_TIERS.pro.rulePacks, mostPopular: false, unlimitedCredits: false, credits: 5, plan: 'pro' },
  { id: 'enterprise', name: 'Enterprise', price: 599, listPrice: 1198, rulePacks: PACKAGE_TIERS.enterprise.rulePacks, mostPopular: true, unlimitedCredits: false, credits: 5, plan: 'enterprise' },
  { id: 'ultra', name: 'Ultra', price: 899, listPrice: 1798, rulePacks: PACKAGE_TIERS.ultra.rulePacks, mostPopular: false, unlimitedCredits: true, credits: null, plan: 'ultra' },
  { id: 'custom', name: 'Custom', price: 5000, listPrice: null, rulePacks: null, mostPopular: false, unlimitedCredits: false, credits: null, plan: null },
];

export function planHasUnlimitedCredits(plan: PlanId): boolean {
  return plan === 'ultra';
}

/** Ranks of plans and packages on one scale: a plan may run every package up to its own rank. */
const PLAN_RANK: Record<PlanId, number> = { free: 0, pro: 1, enterprise: 2, ultra: 3 };
const PACKAGE_RANK: Record<PackageType, number> = { quick: 0, pro: 1, enterprise: 2, ultra: 3 };

/** free → quick; pro → quick, pro; enterprise → up to enterprise; ultra → all. */
export function packageAllowedForPlan(plan: PlanId, pkg: PackageType): boolean {
  return PACKAGE_RANK[pkg] <= PLAN_RANK[plan];
}

/** The higher of two plans: buying a smaller plan never downgrades an account. */
export function higherPlan(a: PlanId, b: PlanId): PlanId {
  return PLAN_RANK[a] >= PLAN_RANK[b] ? a : b;
}

export function planInfo(id: PlanInfo['id']): PlanInfo {
  return PLANS.find((p) => p.id === id)!;
}

/** The catalogue entry of an account plan ('free' is the Quick card). */
export function planInfoForAccountPlan(plan: PlanId): PlanInfo {
  return PLANS.find((p) => p.plan === plan)!;
}
