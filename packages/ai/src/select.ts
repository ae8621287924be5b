// Which findings go to the models: every critical and high finding, a deterministic sample of mediums (the same
// findings on every run of the same code, so results and costs are reproducible), and on Enterprise and Ultra
// every route the access-control analysis flagged for missing ownership checks (its own prompt).
import { createHash } from 'node:crypto';
import type { Finding, Tier } from '@duescan/engine';

export interface SelectOptions {
  /** Share of medium findings reviewed, 0..1. */
  mediumSampleRate: number;
}

export const DEFAULT_SELECT: SelectOptions = { mediumSampleRate: 0.25 };

export type ReviewKind = 'finding' | 'idor';

export interface Selected {
  finding: Finding;
  kind: ReviewKind;
}

export const isIdor = (f: Finding) => f.ruleId.endsWith('.access.idor');

/** In the sample when the first 32 bits of sha256(id) fall below the rate: stable across runs and machines. */
function inSample(id: string, rate: number): boolean {
  const n = createHash('sha256').update(id).digest().readUInt32BE(0);
  return n < rate * 2 ** 32;
}

const RANK: Record<string, number> = { critical: 0, high: 1, medium: 2 };

export function selectFindings(findings: Finding[], tier: Tier, options: SelectOptions = DEFAULT_SELECT): Selected[] {
  const idorReview = tier === 'enterprise' || tier === 'ultra';
  const out: Selected[] = [];
  for (const finding of findings) {
    if (idorReview && isIdor(finding)) out.push({ finding, kind: 'idor' });
    else if (finding.severity === 'critical' || finding.severity === 'high') out.push({ finding, kind: 'finding' });
    else if (finding.severity === 'medium' && inSample(finding.id, options.mediumSampleRate)) out.push({ finding, kind: 'finding' });
  }
  // Most severe first: when the budget runs out, it is the sampled mediums that go unreviewed.
  return out.sort((a, b) => (RANK[a.finding.severity] ?? 3) - (RANK[b.finding.severity] ?? 3));
}
