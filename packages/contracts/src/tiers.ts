// The ONE table of what each package (tier) runs. The engine builds its scan plans from it, and pricing, the docs
// page and docs/rules.md show it. Quick is a free preview: it runs Pro's rule packs and analyzers without the
// slow ones, and keeps only the top 10 critical/high findings (spec: "top 10 critical/high findings"); the spec's
// rule counts (Pro 4, Enterprise 8, Ultra 14) are the other rows. No imports: the engine's worker threads load it.

export type TierId = 'quick' | 'pro' | 'enterprise' | 'ultra';
export type TierAnalyzer = 'sast' | 'secrets' | 'deps' | 'licenses' | 'quality' | 'history' | 'config';

export interface PackageTier {
  /** Static-analysis rule packs run: the first N of the engine's pack order. */
  rulePacks: number;
  analyzers: readonly TierAnalyzer[];
  /** SAST follows imports across files. */
  crossFile: boolean;
  /** The secrets analyzer also reads past commits (needs the full git history). */
  gitHistorySecrets: boolean;
  /** Findings below this severity are dropped. */
  minSeverity: 'high' | 'info';
  /** At most this many findings are reported; null = all. */
  maxFindings: number | null;
}

const QUICK: readonly TierAnalyzer[] = ['secrets', 'deps', 'config', 'sast'];
const PRO: readonly TierAnalyzer[] = ['sast', 'secrets', 'deps', 'licenses', 'quality', 'config'];
const FULL: readonly TierAnalyzer[] = [...PRO, 'history'];

export const PACKAGE_TIERS: Readonly<Record<TierId, PackageTier>> = {
  quick: { rulePacks: 4, analyzers: QUICK, crossFile: false, gitHistorySecrets: false, minSeverity: 'high', maxFindings: 10 },
  pro: { rulePacks: 4, analyzers: PRO, crossFile: false, gitHistorySecrets: false, minSeverity: 'info', maxFindings: null },
  enterprise: { rulePacks: 8, analyzers: PRO, crossFile: true, gitHistorySecrets: false, minSeverity: 'info', maxFindings: null },
  ultra: { rulePacks: 14, analyzers: FULL, crossFile: true, gitHistorySecrets: true, minSeverity: 'info', maxFindings: null },
};

/** "Static analysis with 4 rules" (spec wording for the Pro, Enterprise and Ultra cards). */
export function staticAnalysisFeature(tier: TierId): string {
  return `Static analysis with ${PACKAGE_TIERS[tier].rulePacks} rules`;
}

/** "Top 10 critical/high findings" for a tier that keeps only its worst findings; null for the others. */
export function findingsCutFeature(tier: TierId): string | null {
  const { maxFindings, minSeverity } = PACKAGE_TIERS[tier];
  if (maxFindings === null) return null;
  return `Top ${maxFindings} ${minSeverity === 'high' ? 'critical/high' : 'all-severity'} findings`;
}
