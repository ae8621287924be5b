// One severity per advisory, from the first source that works:
//   1. the CVSS v4.0 base score, when the advisory has a valid v4 vector (the newer standard, and where a database
//      publishes both, v4 is its latest assessment);
//   2. the CVSS v3.x base score, when it has a valid v3 vector;
//   3. the database's own label (GHSA style);
//   4. 'medium' (an unrated advisory is still a known vulnerability).
// An invalid vector is ignored, never fatal. When v4 wins and a valid v3 score exists too, the v3 score is returned
// beside it so reports and SBOMs can still show it.
import type { Severity } from '../../types';
import type { CompactAdvisory } from '../types';
import { cvss3BaseScore } from './cvss3';
import { cvss4BaseScore } from './cvss4';

/** CVSS qualitative rating scale; v3.x and v4.0 share it (0 none, 0.1-3.9 low, 4-6.9 medium, 7-8.9 high, 9-10 critical). */
export function severityFromScore(score: number): Severity {
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  if (score > 0) return 'low';
  return 'info';
}

const LABELS: Record<string, Severity> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MODERATE: 'medium',
  MEDIUM: 'medium',
  LOW: 'low',
};

export interface AdvisorySeverity {
  severity: Severity;
  /** The score that set the severity, and its vector (v4.0 when valid, else v3.x). */
  cvssScore?: number;
  cvssVector?: string;
  /** The v3.x score and vector when a v4.0 score set the severity. */
  cvssV3Score?: number;
  cvssV3Vector?: string;
}

export function advisorySeverity(advisory: CompactAdvisory): AdvisorySeverity {
  const v4 = advisory.cvssV4 ? cvss4BaseScore(advisory.cvssV4) : null;
  const v3 = advisory.cvssV3 ? cvss3BaseScore(advisory.cvssV3) : null;
  if (v4 !== null && advisory.cvssV4) {
    return {
      severity: severityFromScore(v4),
      cvssScore: v4,
      cvssVector: advisory.cvssV4,
      ...(v3 !== null && advisory.cvssV3 ? { cvssV3Score: v3, cvssV3Vector: advisory.cvssV3 } : {}),
    };
  }
  if (v3 !== null && advisory.cvssV3) {
    return { severity: severityFromScore(v3), cvssScore: v3, cvssVector: advisory.cvssV3 };
  }
  // No vector scored: an invalid vector is not passed on, since exports would present it as a rating.
  const label = advisory.severityLabel ? LABELS[advisory.severityLabel.toUpperCase()] : undefined;
  return { severity: label ?? 'medium' };
}
