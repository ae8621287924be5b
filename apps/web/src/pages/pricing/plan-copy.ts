import type { PlanInfo } from '@duescan/contracts';

// Marketing copy per plan card; prices and rule counts come from PLANS in @duescan/contracts. Only features the
// product really has: the spec's AI bullets wait until AI validation exists.
export const PLAN_COPY: Record<PlanInfo['id'], { bestFor: string; features: string[] }> = {
  quick: {
    bestFor: 'Best for a first look at your codebase',
    features: ['Automated codebase scan', 'Top 10 critical/high findings', 'Secrets and vulnerable dependencies', 'Simple PDF report'],
  },
  pro: {
    bestFor: 'Best for seed-stage startups',
    features: ['Static analysis with 4 rules', 'Dependency vulnerability scan', 'License and code-quality checks', 'Investor-ready executive summary'],
  },
  enterprise: {
    bestFor: 'Best for Series A preparation',
    features: ['Static analysis with 8 rules', 'IDOR and access-control checks', 'Cross-file analysis', 'Everything in Pro'],
  },
  ultra: {
    bestFor: 'Best for investors and regulated industries',
    features: ['Static analysis with 14 rules', 'Git history, team signals and secrets in past commits', 'Exploitation scenarios', 'Everything in Enterprise'],
  },
  custom: {
    bestFor: 'Best for funds and portfolios',
    features: ['Volume scanning across portfolios', 'Tailored rules and reports', 'Dedicated support'],
  },
};
