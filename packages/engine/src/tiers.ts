// The engine's scan plan per package, built from the one tier table in @duescan/contracts (PACKAGE_TIERS), which
// pricing and the docs read too. Only the mapping to this engine's pack order happens here.
import { PACKAGE_TIERS, type PackageTier } from '@duescan/contracts/tiers';
import { PACK_ORDER } from './analyzers/sast/rule-types';
import type { AnalyzerId, Tier, TierPlan } from './types';

/** Static-analysis rule packs per tier (spec: Pro 4, Enterprise 8, Ultra 14; Quick runs Pro's packs). */
export const PACKS_PER_TIER: Record<Tier, number> = {
  quick: PACKAGE_TIERS.quick.rulePacks,
  pro: PACKAGE_TIERS.pro.rulePacks,
  enterprise: PACKAGE_TIERS.enterprise.rulePacks,
  ultra: PACKAGE_TIERS.ultra.rulePacks,
};

export const TIERS: Record<Tier, TierPlan> = {
  quick: plan('quick', PACKAGE_TIERS.quick),
  pro: plan('pro', PACKAGE_TIERS.pro),
  enterprise: plan('enterprise', PACKAGE_TIERS.enterprise),
  ultra: plan('ultra', PACKAGE_TIERS.ultra),
};

function plan(tier: Tier, row: PackageTier): TierPlan {
  if (row.rulePacks > PACK_ORDER.length) throw new Error(`Tier ${tier} asks for ${row.rulePacks} rule packs; the engine has ${PACK_ORDER.length}`);
  return {
    tier,
    // The contracts' analyzer names are this engine's ids (a compile error here if they ever drift apart).
    analyzers: [...row.analyzers] satisfies AnalyzerId[],
    packs: PACK_ORDER.slice(0, row.rulePacks),
    crossFile: row.crossFile,
    gitHistorySecrets: row.gitHistorySecrets,
    minSeverity: row.minSeverity,
    maxFindings: row.maxFindings,
  };
}

export function tierPlan(tier: Tier): TierPlan {
  const found = TIERS[tier];
  if (!found) throw new Error(`Unknown package "${tier}". Use one of: ${Object.keys(TIERS).join(', ')}.`);
  return found;
}
