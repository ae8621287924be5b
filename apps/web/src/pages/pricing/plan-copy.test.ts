import { describe, expect, it } from 'vitest';
import { PACKAGE_TIERS } from '@duescan/contracts';
import { PLAN_COPY } from './plan-copy';

describe('plan card copy', () => {
  it('shows the spec wording, with the counts of the tier table the engine runs', () => {
    expect(PLAN_COPY.quick.features).toContain('Top 10 critical/high findings');
    expect(PLAN_COPY.pro.features).toContain('Static analysis with 4 rules');
    expect(PLAN_COPY.enterprise.features).toContain('Static analysis with 8 rules');
    expect(PLAN_COPY.ultra.features).toContain('Static analysis with 14 rules');
    for (const tier of ['pro', 'enterprise', 'ultra'] as const) {
      expect(PLAN_COPY[tier].features).toContain(`Static analysis with ${PACKAGE_TIERS[tier].rulePacks} rules`);
    }
  });
});
