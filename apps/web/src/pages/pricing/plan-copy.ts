import { findingsCutFeature, staticAnalysisFeature, type PlanInfo } from '@duescan/contracts';

// Marketing copy per plan card; prices come from PLANS and rule counts from the tier table (PACKAGE_TIERS) in
// @duescan/contracts, the one the engine runs. Only features the
// product really has: the spec's AI bullets wait until AI validation exists.
export const PLAN_COPY: Record<PlanInfo['id'], { bestFor: string; features: string[] }> = {
  quick: {
    bestFor: 'Best for a first look at your codebase',
    features: ['Automated codebase scan', findingsCutFeature('quick')!, 'Secrets and vulnerable dependencies', 'Simple PDF report'],
  },
  pro: {
    bestFor: 'Best for seed-stage startups',
    features: [staticAnalysisFeature('pro'), 'Dependency vulnerability scan', 'License and code-quality checks', 'Investor-ready executive summary'],
  },
  enterprise: {
    bestFor: 'Best for Series A preparation',
    features: [staticAnalysisFeature('enterprise'), 'IDOR and access-control checks', 'Cross-file analysis', 'Everything in Pro'],
  },
  ultra: {
    bestFor: 'Best for investors and regulated industries',
    features: [staticAnalysisFeature('ultra'), 'Git history, team signals and secrets in past commits', 'Exploitation scenarios', 'Everything in Enterprise'],
  },
  custom: {
    bestFor: 'Best for funds and portfolios',
    features: ['Volume scanning across portfolios', 'Tailored rules and reports', 'Dedicated support'],
  },
};
