// The ONE table of what each package (tier) runs. Pricing, docs, the CLI and the engine all read it from here.
import { PACK_ORDER } from './analyzers/sast/rule-types';
import type { AnalyzerId, Tier, TierPlan } from './types';

/** Static-analysis rule packs per tier (spec: Pro 4, Enterprise 8, Ultra 14). Quick runs Pro's packs. */
export const PACKS_PER_TIER: Record<Tier, number> = { quick: 4, pro: 4, enterprise: 8, ultra: 14 };

const QUICK: AnalyzerId[] = ['secrets', 'deps', 'config', 'sast'];
const PRO: AnalyzerId[] = ['sast', 'secrets', 'deps', 'licenses', 'quality', 'config'];
const FULL: AnalyzerId[] = ['sast', 'secrets', 'deps', 'licenses', 'quality', 'config', 'history'];

export const TIERS: Record<Tier, TierPlan> = {
  // Quick: a free preview that finishes in seconds: only critical/high findings, the top 10.
  quick: plan('quick', QUICK, { minSeverity: 'high', maxFindings: 10 }),
  pro: plan('pro', PRO, {}),
  enterprise: plan('enterprise', PRO, { crossFile: true }),
  ultra: plan('ultra', FULL, { crossFile: true, gitHistorySecrets: true }),
};

function plan(tier: Tier, analyzers: AnalyzerId[], extra: Partial<TierPlan>): TierPlan {
  return {
    tier,
    analyzers,
    packs: PACK_ORDER.slice(0, PACKS_PER_TIER[tier]),
    crossFile: false,
    gitHistorySecrets: false,
    minSeverity: 'info',
    maxFindings: null,
    ...extra,
  };
}

export function tierPlan(tier: Tier): TierPlan {
  const found = TIERS[tier];
  if (!found) throw new Error(`Unknown package "${tier}". Use one of: ${Object.keys(TIERS).join(', ')}.`);
  return found;
}
