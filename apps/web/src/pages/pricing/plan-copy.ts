import type { PlanInfo } from '@duescan/contracts';

// Marketing copy per plan card; prices and rule counts come from PLANS in @duescan/contracts. Only features the
// product really has: the spec's AI bullets wait until AI validation exists.
export const PLAN_COPY: Record<PlanInfo['id'], { bestFor: string; features: string[] }> = {
  quick: {
    bestFor: 'Best for a first look at your codebase',
    features: ['Automated codebase scan', 'Top 10 critical/high findings', 'Simple PDF report', 'About 30 seconds locally'],
  },
  pro: {
    bestFor: 'Best for seed-stage startups',
    features: ['Static analysis with 4 rules', 'Dependency vulnerability scan', 'Investor-ready executive summary', '3-10 minutes locally'],
  },
  enterprise: {
    bestFor: 'Best for Series A preparation',
    features: ['Static analysis with 8 rules', 'IDOR and access-control checks', 'Cross-file analysis', '10-15 minutes locally'],
  },
  ultra: {
    bestFor: 'Best for investors and regulated industries',
    features: ['Static analysis with 14 rules', 'Git history and team signals', 'Exploitation scenarios', 'Unlimited credits'],
  },
  custom: {
    bestFor: 'Best for funds and portfolios',
    features: ['Volume scanning across portfolios', 'Tailored rules and reports', 'Dedicated support'],
  },
};
