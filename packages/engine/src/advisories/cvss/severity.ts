// One severity per advisory: the CVSS v3 base score we compute when a v3 vector exists, else the database's
// own label (GHSA style), else 'medium' (an unrated advisory is still a known vulnerability).
// CVSS v4 scores need the spec's MacroVector lookup tables; we keep the vector and use the label instead.
import type { Severity } from '../../types';
import type { CompactAdvisory } from '../types';
import { cvss3BaseScore } from './cvss3';

/** CVSS v3 qualitative rating scale. */
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
  cvssScore?: number;
  cvssVector?: string;
}

export function advisorySeverity(advisory: CompactAdvisory): AdvisorySeverity {
  const score = advisory.cvssV3 ? cvss3BaseScore(advisory.cvssV3) : null;
  if (score !== null && advisory.cvssV3) {
    return { severity: severityFromScore(score), cvssScore: score, cvssVector: advisory.cvssV3 };
  }
  const label = advisory.severityLabel ? LABELS[advisory.severityLabel.toUpperCase()] : undefined;
  const vector = advisory.cvssV4 ?? advisory.cvssV3;
  return { severity: label ?? 'medium', ...(vector ? { cvssVector: vector } : {}) };
}
