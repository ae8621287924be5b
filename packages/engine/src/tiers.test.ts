import { describe, expect, it } from 'vitest';
import { TIERS, tierPlan } from './tiers';
import { PACKAGE_TIERS } from '@duescan/contracts/tiers';
import { PACK_ORDER } from './analyzers/sast/rule-types';

describe('tier table', () => {
  it('runs the spec pack counts as prefixes of PACK_ORDER: Pro 4, Enterprise 8, Ultra 14', () => {
    expect(TIERS.pro.packs).toEqual(PACK_ORDER.slice(0, 4));
    expect(TIERS.enterprise.packs).toHaveLength(8);
    expect(TIERS.ultra.packs).toEqual([...PACK_ORDER]);
  });

  it('is built from the one table in @duescan/contracts (pricing and docs read the same rows)', () => {
    for (const tier of ['quick', 'pro', 'enterprise', 'ultra'] as const) {
      const row = PACKAGE_TIERS[tier];
      expect(TIERS[tier]).toMatchObject({ crossFile: row.crossFile, gitHistorySecrets: row.gitHistorySecrets, minSeverity: row.minSeverity, maxFindings: row.maxFindings });
      expect(TIERS[tier].packs).toEqual(PACK_ORDER.slice(0, row.rulePacks));
      expect(TIERS[tier].analyzers).toEqual([...row.analyzers]);
    }
    // Quick is a preview of Pro: the same packs, only the top critical/high findings kept.
    expect(TIERS.quick.packs).toEqual(TIERS.pro.packs);
  });

  it('Quick is secrets, deps, config and sast, critical/high only, top 10', () => {
    expect([...TIERS.quick.analyzers].sort()).toEqual(['config', 'deps', 'sast', 'secrets']);
    expect(TIERS.quick).toMatchObject({ minSeverity: 'high', maxFindings: 10 });
  });

  it('only Enterprise and Ultra go cross-file; only Ultra reads history and git-history secrets', () => {
    expect([TIERS.pro.crossFile, TIERS.enterprise.crossFile, TIERS.ultra.crossFile]).toEqual([false, true, true]);
    expect(TIERS.ultra.analyzers).toContain('history');
    expect(TIERS.enterprise.analyzers).not.toContain('history');
    expect(TIERS.ultra.gitHistorySecrets && !TIERS.enterprise.gitHistorySecrets).toBe(true);
    expect(() => tierPlan('gold' as never)).toThrow(/Unknown package/);
  });
});
