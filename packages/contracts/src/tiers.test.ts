import { describe, expect, it } from 'vitest';
import { PACKAGE_TIERS, findingsCutFeature, staticAnalysisFeature } from './tiers';
import { PLANS, planInfo } from './plans';

describe('the tier table (one source for engine, pricing and docs)', () => {
  it('says the spec rule counts: Pro 4, Enterprise 8, Ultra 14; Quick runs Pro packs and keeps the top 10 critical/high', () => {
    expect([
      PACKAGE_TIERS.pro.rulePacks,
      PACKAGE_TIERS.enterprise.rulePacks,
      PACKAGE_TIERS.ultra.rulePacks,
    ]).toEqual([4, 8, 14]);
    expect(PACKAGE_TIERS.quick).toMatchObject({
      rulePacks: PACKAGE_TIERS.pro.rulePacks,
      minSeverity: 'high',
      maxFindings: 10,
    });
  });

  it('renders the spec strings exactly from the table', () => {
    expect(staticAnalysisFeature('pro')).toBe('Static analysis with 4 rules');
    expect(staticAnalysisFeature('enterprise')).toBe('Static analysis with 8 rules');
    expect(staticAnalysisFeature('ultra')).toBe('Static analysis with 14 rules');
    expect(findingsCutFeature('quick')).toBe('Top 10 critical/high findings');
    expect(findingsCutFeature('pro')).toBeNull();
  });

  it('the plan catalogue reads its rule packs from the table (no second number)', () => {
    for (const id of ['quick', 'pro', 'enterprise', 'ultra'] as const)
      expect(planInfo(id).rulePacks).toBe(PACKAGE_TIERS[id].rulePacks);
    expect(PLANS.find((p) => p.id === 'custom')?.rulePacks).toBeNull();
  });
});
