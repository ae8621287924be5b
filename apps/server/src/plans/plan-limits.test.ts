import { describe, expect, it } from 'vitest';
import { packageNotInPlan } from './plan-limits';

describe('packageNotInPlan', () => {
  it('names the plan, the refused package and what the plan includes', () => {
    expect(packageNotInPlan('free', 'ultra').message).toBe(
      'The Ultra package is not included in your Free plan (included: Quick). Upgrade on the Pricing page.',
    );
    expect(packageNotInPlan('pro', 'enterprise').message).toBe(
      'The Enterprise package is not included in your Pro plan (included: Quick, Pro). Upgrade on the Pricing page.',
    );
    expect(packageNotInPlan('enterprise', 'ultra').status).toBe(403);
  });
});
